// Delivery receipts from deliver_sm as several SMSCs write them, and the id forms that match them.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ProviderReceipt } from '../../core/app/messages/provider.ts';
import {
  matchReceipt,
  parseDeliveryReceipt,
  providerIdCandidates,
  type DeliveryReceipt,
  type DeliveryReceiptInput,
} from '../../core/domain/delivery-receipt.ts';

const fromText = (text: string | null): DeliveryReceiptInput => ({ text, receiptedMessageId: null, messageState: null });
const receipt = (providerId: string, rawStatus: string, effect: DeliveryReceipt['effect'], errorCode: string | null = null) =>
  ({ providerId, rawStatus, errorCode, effect }) satisfies DeliveryReceipt;

it('returns what the provider port expects, which adds the SMSC account and the handset address', () => {
  expectTypeOf<Omit<ProviderReceipt, 'smsc' | 'address'>>().toEqualTypeOf<DeliveryReceipt>();
});

describe('receipt texts', () => {
  it.each([
    [
      'Kannel, delivered',
      'id:0123456789 sub:001 dlvrd:001 submit date:2407151230 done date:2407151231 stat:DELIVRD err:000 text:Habari yako, karibu',
      receipt('0123456789', 'DELIVRD', 'delivered', '000'),
    ],
    [
      'Infobip-like, with extra fields before the text',
      'id:25013160516105131 sub:001 dlvrd:001 submit date:2407151230 done date:2407151230 stat:UNDELIV err:001 mcc:640 mnc:02 text:',
      receipt('25013160516105131', 'UNDELIV', 'undelivered', '001'),
    ],
    [
      'uppercase keys',
      'ID:A1B2C3D4 SUB:001 DLVRD:000 SUBMIT DATE:2407151230 DONE DATE:2407151240 STAT:EXPIRED ERR:027 TEXT:Ujumbe wako',
      receipt('A1B2C3D4', 'EXPIRED', 'undelivered', '027'),
    ],
    [
      'mixed-case keys and underscored dates with seconds',
      'Id:77 Sub:001 Dlvrd:001 Submit_Date:240715123005 Done_Date:240715123107 Stat:REJECTD Err:0x0B Text:x',
      receipt('77', 'REJECTD', 'failed', '0x0B'),
    ],
    [
      'missing err',
      'id:88 sub:001 dlvrd:001 submit date:2407151230 done date:2407151231 stat:DELIVRD text:Asante',
      receipt('88', 'DELIVRD', 'delivered'),
    ],
    [
      'empty err',
      'id:89 stat:DELIVRD err: text:',
      receipt('89', 'DELIVRD', 'delivered'),
    ],
    [
      'a text holding colons and look-alike fields',
      'id:90 sub:001 dlvrd:001 submit date:2407151230 done date:2407151231 stat:DELIVRD err:000 text:Saa: 10:30 stat:REJECTD id:91',
      receipt('90', 'DELIVRD', 'delivered', '000'),
    ],
    [
      'fields in another order',
      'stat:DELETED err:004 done date:2407151240 id:c0ffee sub:001 dlvrd:000',
      receipt('c0ffee', 'DELETED', 'failed', '004'),
    ],
    ['spaces after the colons', 'id: 4711 sub: 001 stat: ACCEPTD err: 000', receipt('4711', 'ACCEPTD', 'none', '000')],
    ['only an id and a state', 'id:4712 stat:ENROUTE', receipt('4712', 'ENROUTE', 'none')],
    ['a stat in lowercase, kept as written', 'id:4713 stat:delivrd err:000', receipt('4713', 'delivrd', 'delivered', '000')],
    ['the message_state name in full', 'id:4714 stat:UNDELIVERABLE err:001', receipt('4714', 'UNDELIVERABLE', 'undelivered', '001')],
    ['UNKNOWN', 'id:4715 stat:UNKNOWN err:000', receipt('4715', 'UNKNOWN', 'none', '000')],
    ['an unrecognised stat', 'id:4716 stat:BLOCKED err:099', receipt('4716', 'BLOCKED', 'none', '099')],
    ['no stat at all', 'id:4717 sub:001 dlvrd:001 err:000', receipt('4717', 'UNKNOWN', 'none', '000')],
    ['a repeated key, the first counts', 'id:1 id:2 stat:DELIVRD stat:UNDELIV', receipt('1', 'DELIVRD', 'delivered')],
  ])('%s', (_label, text, expected) => {
    expect(parseDeliveryReceipt(fromText(text))).toEqual(expected);
  });
});

describe('message_state TLV only', () => {
  it.each([
    [1, 'ENROUTE', 'none'],
    [2, 'DELIVRD', 'delivered'],
    [3, 'EXPIRED', 'undelivered'],
    [4, 'DELETED', 'failed'],
    [5, 'UNDELIV', 'undelivered'],
    [6, 'ACCEPTD', 'none'],
    [7, 'UNKNOWN', 'none'],
    [8, 'REJECTD', 'failed'],
    [9, 'SKIPPED', 'none'],
  ] as const)('state %i is %s', (messageState, rawStatus, effect) => {
    expect(parseDeliveryReceipt({ text: null, receiptedMessageId: '5f2a9c', messageState })).toEqual(
      receipt('5f2a9c', rawStatus, effect),
    );
  });

  it.each([0, 10, 255])('an out-of-range state %i falls back to the text, then to UNKNOWN', (messageState) => {
    expect(parseDeliveryReceipt({ text: 'id:7 stat:UNDELIV err:001', receiptedMessageId: '7', messageState })).toEqual(
      receipt('7', 'UNDELIV', 'undelivered', '001'),
    );
    expect(parseDeliveryReceipt({ text: null, receiptedMessageId: '7', messageState })).toEqual(receipt('7', 'UNKNOWN', 'none'));
  });

  it('drops the NUL a C-Octet string may bring', () => {
    expect(parseDeliveryReceipt({ text: '', receiptedMessageId: ' 5f2a9c\0', messageState: 2 })?.providerId).toBe('5f2a9c');
  });
});

describe('TLVs and text together', () => {
  it.each([
    [
      'TLVs win over a disagreeing text',
      { text: 'id:999 stat:UNDELIV err:005 text:hi', receiptedMessageId: '3e7', messageState: 2 },
      receipt('3e7', 'DELIVRD', 'delivered', '005'),
    ],
    [
      'the id from the TLV, the state from the text',
      { text: 'id:999 stat:REJECTD err:011', receiptedMessageId: '3e7', messageState: null },
      receipt('3e7', 'REJECTD', 'failed', '011'),
    ],
    [
      'the state from the TLV, the id from the text',
      { text: 'id:999 stat:ENROUTE err:000', receiptedMessageId: null, messageState: 3 },
      receipt('999', 'EXPIRED', 'undelivered', '000'),
    ],
    [
      'an empty TLV id falls back to the text',
      { text: 'id:999 stat:DELIVRD', receiptedMessageId: '', messageState: 2 },
      receipt('999', 'DELIVRD', 'delivered'),
    ],
  ])('%s', (_label, input, expected) => {
    expect(parseDeliveryReceipt(input)).toEqual(expected);
  });
});

describe('not a receipt', () => {
  it.each([
    ['nothing at all', fromText(null)],
    ['an empty text', fromText('')],
    ['a subscriber message', fromText('Habari, nitakupigia simu kesho')],
    ['a message with a colon', fromText('Mambo: poa sana')],
    ['a receipt text without an id', fromText('sub:001 dlvrd:001 stat:DELIVRD err:000')],
    ['an empty id', fromText('id: sub:001 stat:DELIVRD')],
    ['an id only inside the text', fromText('stat:DELIVRD err:000 text:id:12345')],
    ['a state without an id', { text: null, receiptedMessageId: null, messageState: 2 }],
    ['a blank TLV id', { text: 'hello', receiptedMessageId: ' \0', messageState: 2 }],
  ])('%s', (_label, input) => {
    expect(parseDeliveryReceipt(input)).toBeNull();
  });
});

describe('providerIdCandidates', () => {
  it.each([
    ['hex in uppercase with a leading zero', '0A1B2C3D', ['a1b2c3d', '169552957']],
    ['decimal, also read as hex', '169552957', ['169552957', '6062156119', 'a1b2c3d']],
    ['decimal with leading zeros', '00123', ['123', '291', '7b']],
    ['zero', '000', ['0']],
    ['hex letters only', 'ff', ['ff', '255']],
    ['padding and a NUL', ' 42\0', ['42', '66', '2a']],
    ['a UUID', '550E8400-E29B-41D4-A716-446655440000', ['550e8400-e29b-41d4-a716-446655440000']],
    ['64 hex digits', 'f'.repeat(64), ['f'.repeat(64), (2n ** 256n - 1n).toString(10)]],
    ['65 digits are left alone', '1'.repeat(65), ['1'.repeat(65)]],
    ['empty', '', []],
  ])('%s', (_label, id, expected) => {
    expect(providerIdCandidates(id)).toEqual(expected);
  });

  const share = (a: string, b: string) => providerIdCandidates(a).some((c) => providerIdCandidates(b).includes(c));

  it('matches a hex submit_sm_resp id with the decimal id of the receipt text', () => {
    const submitted = '0A1B2C3D';
    const parsed = parseDeliveryReceipt(fromText('id:169552957 sub:001 dlvrd:001 stat:DELIVRD err:000 text:'));
    expect(share(submitted, parsed?.providerId ?? '')).toBe(true);
  });

  it('matches a decimal submit_sm_resp id with a hex receipted_message_id', () => {
    expect(share('3000000000', 'B2D05E00')).toBe(true);
  });

  it('keeps different messages apart', () => {
    expect(share('0A1B2C3D', '169552958')).toBe(false);
    expect(share('msg-1', 'msg-2')).toBe(false);
  });
});

describe('matchReceipt', () => {
  const part = (providerId: string, messageKey: string, toPhone = '+255754000001') => ({ providerId, messageKey, toPhone });
  // Message A was given hex "10" (decimal 16); message B was given "16"; message C was given "22" (hex for decimal 34).
  const parts = [part('10', 'A'), part('16', 'B', '+255754000002'), part('22', 'C', '+255754000003')];

  it.each([
    ['the id as the receipt writes it wins over another message\'s other form', { providerId: '16', address: null }, 'B'],
    ['the handset named picks the message whose other form it is', { providerId: '16', address: '255754000001' }, 'A'],
    ['a national form of the handset agrees too', { providerId: '16', address: '0754000001' }, 'A'],
    ['one message under another form matches', { providerId: '34', address: null }, 'C'],
    ['a handset of no candidate matches nothing', { providerId: '16', address: '255700000009' }, null],
  ])('%s', (_label, receipt, expected) => {
    expect(matchReceipt(receipt, parts)?.messageKey ?? null).toBe(expected);
  });

  it('two messages under other forms only, no handset to tell: no match', () => {
    // "16" is decimal 22 in hex and hex 10 in decimal: both C ("22") and A ("10") are other forms of it.
    expect(matchReceipt({ providerId: '16', address: null }, [part('10', 'A'), part('22', 'C')])).toBeNull();
  });
});
