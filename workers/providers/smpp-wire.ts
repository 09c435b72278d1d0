// SMPP 3.4 wire details shared by the client and the simulator: status codes, flags, URLs, raw message bytes.
import type { Socket } from 'node:net';
import smpp from 'smpp';
import { commandStatusName } from '../../core/domain/smpp-status.ts';

export const STATUS = {
  ESME_ROK: 0x00,
  ESME_RINVBNDSTS: 0x04,
  ESME_RALYBND: 0x05,
  ESME_RINVPASWD: 0x0e,
  ESME_RMSGQFUL: 0x14,
  ESME_RSUBMITFAIL: 0x45,
  ESME_RTHROTTLED: 0x58,
} as const;

/** esm_class message type bit of an SMSC delivery receipt. */
export const ESM_CLASS_RECEIPT = 0x04;

export const TON_INTERNATIONAL = 1;
export const TON_ALPHANUMERIC = 5;
export const NPI_ISDN = 1;
export const NPI_UNKNOWN = 0;

export interface SmppTarget {
  host: string;
  port: number;
  systemId: string;
  password: string;
}

/** smpp://system_id:password@host:port (port 2775 when left out). */
export function parseSmppUrl(url: string): SmppTarget {
  const parsed = new URL(url);
  if (parsed.protocol !== 'smpp:') throw new Error(`SMPP_URL must start with smpp://, got ${parsed.protocol}//`);
  if (parsed.hostname === '' || parsed.username === '') {
    throw new Error('SMPP_URL must name a system_id and a host: smpp://system_id:password@host:port');
  }
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: parsed.port === '' ? 2775 : Number(parsed.port),
    systemId: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
  };
}

export function formatSmppUrl(target: SmppTarget): string {
  const credentials = `${encodeURIComponent(target.systemId)}:${encodeURIComponent(target.password)}`;
  return `smpp://${credentials}@${target.host}:${target.port}`;
}

/**
 * On receipt the package turns short_message and message_payload into { udh, message } with its own,
 * lossy, GSM table (unknown bytes become spaces); our codec needs the exact bytes. Sending is
 * unchanged: a Buffer still goes out as is. The filter object is shared by every command that
 * carries a message, so one change covers deliver_sm, submit_sm and the TLV.
 */
export function keepRawShortMessages(): void {
  const filter = smpp.commands.submit_sm?.params?.short_message?.filter;
  if (!filter) throw new Error('the smpp package no longer has the short_message filter this adapter expects');
  filter.decode = (value: unknown) => value;
}

/**
 * SMPP 3.4 gives a mobile-originated deliver_sm no message id; its tags 0x1400–0x3FFF are left to SMSC vendors
 * (section 5.3.2), and an ESME ignores a tag it does not know. Our simulator names each such message in this one
 * (a C string, the same on every part of a long message and on every resend), so that a resend is recognised.
 */
export const SMSC_MESSAGE_REF_TAG = 0x1401;

/** Lets the package read and write the vendor TLV above under the name smsc_message_ref. */
export function knowSmscMessageRef(): void {
  if (smpp.tlvs.smsc_message_ref) return;
  smpp.addTLV('smsc_message_ref', { id: SMSC_MESSAGE_REF_TAG, type: smpp.types.tlv.cstring });
}

/** The short_message bytes of a received PDU, or its message_payload TLV when short_message is empty. */
export function messageBytes(pdu: { short_message?: unknown; message_payload?: unknown }): Uint8Array {
  const short = pdu.short_message;
  if (short instanceof Uint8Array && short.length > 0) return short;
  const payload = pdu.message_payload;
  return payload instanceof Uint8Array ? payload : new Uint8Array(0);
}

/** SMPP 3.4's name of a command_status (the table of core/domain), or its hex digits. */
export function statusName(status: number): string {
  return commandStatusName(status);
}

/**
 * Hot path: the PDUs a link writes in one turn of the event loop leave together in one system call (a
 * message costs a submit_sm one way and a deliver_sm_resp the other; each write was a call of its own).
 * Nagle stays off, so nothing waits longer than the turn.
 */
export function coalesceWrites(socket: Socket): void {
  socket.setNoDelay(true);
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  let corked = false;
  socket.write = ((...args: unknown[]) => {
    if (!corked) {
      corked = true;
      socket.cork();
      setImmediate(() => {
        corked = false;
        socket.uncork();
      });
    }
    return write(...args);
  }) as typeof socket.write;
}
