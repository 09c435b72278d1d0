// Messages from handsets as the SMSC simulator sends them: one deliver_sm per part, a long message split into parts
// carrying the user data header's concatenation element (8-bit reference, or 16-bit above 255) or the SAR TLVs,
// and the simulator's own name for the message in the vendor TLV of smpp-wire.ts.
import { randomInt } from 'node:crypto';
import { gsm7Septets, SEGMENT_SIZES } from '../../core/domain/segments.ts';
import { DATA_CODING, ESM_CLASS_UDHI, gsm7Bytes } from '../../core/domain/sms-encoding.ts';
import { NPI_ISDN, NPI_UNKNOWN, TON_INTERNATIONAL } from './smpp-wire.ts';
import type { Deliver } from './smsc-receipts.ts';

/** A part of a message from a handset as it went out (acknowledged false), then as the client acknowledged it. */
export interface SimulatedInbound {
  smscMessageRef: string;
  seq: number;
  total: number;
  /** The exact user data bytes, user data header included. */
  shortMessage: Uint8Array;
  acknowledged: boolean;
}

export interface InboundRequest {
  /** The handset (any form: 0754…, 255754…, +255754…) and our number or short code. */
  from: string;
  to: string;
  text: string;
  /** Parts to split it into; by default one if it fits, else as few as hold it. */
  parts?: number;
  /** How the parts say where they belong (default udh). */
  concat?: 'udh' | 'sar';
  /** The concatenation reference; a random one by default. Above 255 the header takes its 16-bit form. */
  ref?: number;
  /** Carry the user data in the message_payload TLV, short_message left empty (a message of one part only). */
  payloadTlv?: boolean;
  /** The order the parts go out in, by place from 1; a place given twice is sent twice. Default: 1, 2, … */
  order?: number[];
}

/** One deliver_sm of a message from a handset. */
export interface InboundPdu {
  seq: number;
  total: number;
  fields: Record<string, unknown>;
}

const TEXT_MAX = 255 * 153;

function address(raw: string): { ton: number; npi: number; addr: string } {
  const digits = raw.trim().replace(/^\+/, '');
  return /^255[0-9]{9}$/.test(digits) ? { ton: TON_INTERNATIONAL, npi: NPI_ISDN, addr: digits } : { ton: 0, npi: NPI_UNKNOWN, addr: digits };
}

/** GSM-7 when every character fits it, else UCS-2 (UTF-16BE, a surrogate pair as four bytes). */
function encode(text: string): { dataCoding: number; bytes: Uint8Array; unit: number; single: number; perPart: number } {
  if (Array.from(text).every((c) => gsm7Septets(c) !== null)) {
    return { dataCoding: DATA_CODING.gsm7, bytes: gsm7Bytes(text), unit: 1, ...SEGMENT_SIZES.gsm7 };
  }
  const ucs2 = SEGMENT_SIZES.ucs2;
  return { dataCoding: DATA_CODING.ucs2, bytes: Buffer.from(text, 'utf16le').swap16(), unit: 2, single: ucs2.single * 2, perPart: ucs2.perPart * 2 };
}

/** Splits the bytes into `count` parts of near equal size (whole code units); a character may straddle two parts. */
function split(bytes: Uint8Array, count: number, unit: number): Uint8Array[] {
  const size = Math.ceil(bytes.length / unit / count) * unit;
  return Array.from({ length: count }, (_, i) => bytes.subarray(i * size, Math.min(bytes.length, (i + 1) * size)));
}

function userData(bytes: Buffer, inTlv: boolean): Record<string, unknown> {
  return inTlv ? { short_message: Buffer.alloc(0), message_payload: bytes } : { short_message: bytes };
}

function header(ref: number, total: number, seq: number): number[] {
  return ref > 0xff ? [0x06, 0x08, 0x04, ref >> 8, ref & 0xff, total, seq] : [0x05, 0x00, 0x03, ref, total, seq];
}

/** The deliver_sm of each part, in the order they go out; every one carries `smscRef`. */
export function inboundPdus(request: InboundRequest, smscRef: string, random: () => number): InboundPdu[] {
  if (request.text.length > TEXT_MAX) throw new Error(`a simulated message holds at most ${TEXT_MAX} characters`);
  const { dataCoding, bytes, unit, single, perPart } = encode(request.text);
  const count = request.parts ?? (bytes.length <= single || request.payloadTlv ? 1 : Math.ceil(bytes.length / perPart));
  if (!Number.isInteger(count) || count < 1 || count > 255) throw new Error(`parts must be 1 to 255, got ${count}`);
  const sar = request.concat === 'sar';
  const ref = request.ref ?? Math.floor(random() * (sar ? 0x10000 : 0x100));
  const from = address(request.from);
  const to = address(request.to);
  const chunks = count === 1 ? [bytes] : split(bytes, count, unit);
  const pdus = chunks.map((chunk, index): InboundPdu => {
    const seq = index + 1;
    const concat = count === 1 ? {} : sar ? { sar_msg_ref_num: ref, sar_total_segments: count, sar_segment_seqnum: seq } : null;
    const udh = count > 1 && !sar ? header(ref, count, seq) : [];
    return {
      seq,
      total: count,
      fields: {
        source_addr_ton: from.ton,
        source_addr_npi: from.npi,
        source_addr: from.addr,
        dest_addr_ton: to.ton,
        dest_addr_npi: to.npi,
        destination_addr: to.addr,
        esm_class: udh.length > 0 ? ESM_CLASS_UDHI : 0,
        data_coding: dataCoding,
        ...userData(Buffer.concat([Buffer.from(udh), Buffer.from(chunk)]), request.payloadTlv === true && count === 1),
        smsc_message_ref: smscRef,
        ...(concat ?? {}),
      },
    };
  });
  const order = request.order ?? pdus.map((p) => p.seq);
  return order.map((seq) => {
    const pdu = pdus[seq - 1];
    if (!pdu) throw new Error(`the message has no part ${seq}`);
    return pdu;
  });
}

export interface InboundSenderOptions {
  /** Hands one deliver_sm to the simulator's router (smsc-receipts.ts), which keeps it until acknowledged. */
  send(item: Deliver): void;
  counters: { inbound: number; inboundAcknowledged: number };
  random: () => number;
  onInbound?: (part: SimulatedInbound) => void;
}

/** The simulator's sendInbound: each message named afresh (a random start, as message ids: decision 0268). */
export function createInboundSender(options: InboundSenderOptions) {
  const { counters } = options;
  let next = randomInt(2 ** 47);
  return (request: InboundRequest): { smscMessageRef: string; parts: number } => {
    const smscMessageRef = `mo-${(next++).toString(16)}`;
    const pdus = inboundPdus(request, smscMessageRef, options.random);
    for (const { seq, total, fields } of pdus) {
      const shortMessage = ((fields.short_message as Buffer).length > 0 ? fields.short_message : fields.message_payload) as Buffer;
      options.send({
        fields,
        report(acknowledged) {
          if (acknowledged) counters.inboundAcknowledged += 1;
          else counters.inbound += 1;
          options.onInbound?.({ smscMessageRef, seq, total, shortMessage, acknowledged });
        },
      });
    }
    return { smscMessageRef, parts: pdus[0]?.total ?? 0 };
  };
}
