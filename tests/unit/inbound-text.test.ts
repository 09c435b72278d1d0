// The pure parts of messages that come in: where a part belongs (UDH 8- and 16-bit references, SAR), the text of
// bytes in each data_coding (always storable), parts joined as bytes, and the numbers organizations may own.
import { describe, expect, it } from 'vitest';
import { concatenationInSar, concatenationInUdh, partOf } from '../../core/domain/concatenation.ts';
import { INBOUND_BODY_MAX, inboundCoding, inboundText, joinPayloads, presentAddress } from '../../core/domain/inbound-text.ts';
import { ownedNumber } from '../../core/domain/owned-number.ts';

const bytes = (...b: number[]) => Uint8Array.from(b);
const ucs2 = (text: string) => Uint8Array.from(Buffer.from(text, 'utf16le').swap16());

describe('concatenation', () => {
  it.each([
    ['8-bit reference', bytes(0x05, 0x00, 0x03, 0x42, 0x03, 0x02), { reference: 0x42, total: 3, seq: 2 }],
    ['16-bit reference', bytes(0x06, 0x08, 0x04, 0x12, 0x34, 0x03, 0x01), { reference: 0x1234, total: 3, seq: 1 }],
    ['after another element', bytes(0x09, 0x0a, 0x02, 0x00, 0x00, 0x00, 0x03, 0x07, 0x02, 0x02), { reference: 7, total: 2, seq: 2 }],
    ['a place past the total', bytes(0x05, 0x00, 0x03, 0x42, 0x02, 0x03), null],
    ['a place of 0', bytes(0x05, 0x00, 0x03, 0x42, 0x02, 0x00), null],
    ['a total of 1', bytes(0x05, 0x00, 0x03, 0x42, 0x01, 0x01), null],
    ['no concatenation element', bytes(0x04, 0x0a, 0x02, 0x00, 0x00), null],
    ['an element cut short', bytes(0x05, 0x00, 0x03, 0x42), null],
  ])('reads the user data header: %s', (_name, udh, expected) => {
    expect(concatenationInUdh(udh)).toEqual(expected);
  });

  it('reads the SAR TLVs only when all three are there and make sense', () => {
    expect(concatenationInSar({ sar_msg_ref_num: 0xbeef, sar_total_segments: 4, sar_segment_seqnum: 4 })).toEqual({ reference: 0xbeef, total: 4, seq: 4 });
    expect(concatenationInSar({ sar_msg_ref_num: 1, sar_total_segments: 4 })).toBeNull();
    expect(concatenationInSar({ sar_msg_ref_num: 1, sar_total_segments: 4, sar_segment_seqnum: 5 })).toBeNull();
    expect(partOf(0x10000, 2, 1)).toBeNull();
  });
});

describe('the text of a message that came in', () => {
  it.each([
    [0x00, 'gsm7'], [0x01, 'latin1'], [0x03, 'latin1'], [0x08, 'ucs2'], [0x11, 'gsm7'], [0x18, 'ucs2'], [0xf0, 'gsm7'],
    [0x04, 'binary'], [0x02, 'binary'], [0xf4, 'binary'], [0x14, 'binary'], [0x05, 'binary'],
  ])('data_coding 0x%s reads as %s', (dataCoding, encoding) => {
    expect(inboundCoding(dataCoding).encoding).toBe(encoding);
  });

  it('decodes GSM-7, its escapes, UCS-2 with a surrogate pair, and Latin-1', () => {
    expect(inboundText(bytes(0x48, 0x69, 0x1b, 0x65, 0x00), 0x00)).toEqual({ body: 'Hi€@', encoding: 'gsm7' });
    expect(inboundText(ucs2('Habari 😀'), 0x08)).toEqual({ body: 'Habari 😀', encoding: 'ucs2' });
    expect(inboundText(bytes(0x63, 0x61, 0x66, 0xe9), 0x03)).toEqual({ body: 'café', encoding: 'latin1' });
  });

  it('keeps data it cannot read as hexadecimal, marked binary', () => {
    expect(inboundText(bytes(0xde, 0xad, 0x00, 0x01), 0x04)).toEqual({ body: 'dead0001', encoding: 'binary' });
  });

  it('is always storable: a NUL and a lone half of a surrogate pair become U+FFFD', () => {
    expect(inboundText(bytes(0x41, 0x00, 0x42), 0x03).body).toBe('A\uFFFDB');
    expect(inboundText(bytes(0x00, 0x00, 0x00, 0x41), 0x08).body).toBe('\uFFFDA');
    expect(inboundText(bytes(0xd8, 0x3d, 0x00, 0x41), 0x08).body).toBe('\uFFFDA');
    expect(inboundText(bytes(0x00, 0x41, 0xde, 0x00), 0x08).body).toBe('A\uFFFD');
  });

  it(`keeps the first ${INBOUND_BODY_MAX} characters of a longer message, never half a character`, () => {
    const long = inboundText(ucs2('😀'.repeat(INBOUND_BODY_MAX + 5)), 0x08).body;
    expect(Array.from(long)).toHaveLength(INBOUND_BODY_MAX);
    expect(long.endsWith('😀')).toBe(true);
  });

  it('joins parts in their order, so a character split between two of them decodes whole', () => {
    const whole = ucs2('Karibu 😀!');
    // The first part ends inside the emoji: alone it reads as a lone surrogate.
    const parts = [
      { seq: 2, payload: whole.subarray(16) },
      { seq: 1, payload: whole.subarray(0, 16) },
    ];
    expect(inboundText(parts[1]!.payload, 0x08).body).toBe('Karibu \uFFFD');
    expect(inboundText(joinPayloads(parts), 0x08).body).toBe('Karibu 😀!');
  });

  it('keeps an empty address as unknown', () => {
    expect(presentAddress('')).toBe('unknown');
    expect(presentAddress('  15500 ')).toBe('15500');
  });
});

describe('numbers an organization may own', () => {
  it.each([
    ['155', { number: '155', kind: 'short_code' }],
    ['15500', { number: '15500', kind: 'short_code' }],
    ['12345678', { number: '12345678', kind: 'short_code' }],
    ['0754 123 456', { number: '+255754123456', kind: 'long_number' }],
    ['255754123456', { number: '+255754123456', kind: 'long_number' }],
    ['+255 754 123 456', { number: '+255754123456', kind: 'long_number' }],
  ])('%s is %j', (raw, expected) => {
    expect(ownedNumber(raw)).toEqual({ ok: true, value: expected });
  });

  it.each(['12', '123456789', '0222123456', '+254712345678', 'SHORT', ''])('%j is refused', (raw) => {
    const result = ownedNumber(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatchObject({ code: 'validation_failed', field: 'number' });
  });
});
