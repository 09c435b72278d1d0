// The provider port: how the dispatcher hands a message to a mobile operator (SMPP) and hears back.
import type { Encoding } from '../../domain/segments.ts';

export interface OutgoingSms {
  organizationId: string;
  messageId: string;
  /** E.164, e.g. +255754123456. */
  to: string;
  from: string;
  body: string;
  encoding: Encoding;
  segments: number;
}

/**
 * accepted: every part was accepted (one provider id per part, in order);
 * refused: the provider said no, nothing (more) will be delivered (commandStatus -1: no SMPP status, e.g. a later
 *   part that could not be sent after earlier ones were accepted);
 * ambiguous: no answer in time or the connection dropped mid-submit — it may or may not go out (the ids of the
 *   parts accepted before it, by part number from 1);
 * unsent: no byte of any part was written to the SMSC, so the message may be sent again;
 * withdrawn: the dispatcher took its claim back before the first write (nothing was written either).
 */
export type SubmitOutcome =
  | { kind: 'accepted'; providerIds: string[] }
  | { kind: 'refused'; reason: string; commandStatus: number }
  | { kind: 'ambiguous'; reason: string; providerIds: string[] }
  | { kind: 'unsent'; reason: string }
  | { kind: 'withdrawn' };

export interface SubmitOptions {
  /**
   * Called once, just before the first byte of the first part is written, when the link is bound and the pacer
   * lets it go. The message is written only if it resolves true (the mark that it may have left is stored).
   */
  beforeWrite?: () => Promise<boolean>;
}

/** An answer that came after its submit had been reported ambiguous: the part's provider id, at last. */
export interface LateAcceptance {
  sms: OutgoingSms;
  /** From 1. */
  part: number;
  providerId: string;
}

import type { DeliveryReceipt } from '../../domain/delivery-receipt.ts';

export type { ReceiptEffect } from '../../domain/delivery-receipt.ts';

/**
 * A delivery receipt as the domain reads it (the provider id it names, its stat, error code and effect), with
 * the SMSC account of the connection it came on and the handset address it names (digits), when it names one.
 */
export interface ProviderReceipt extends DeliveryReceipt {
  smsc: string;
  address: string | null;
}

/** How a part of a long message names its message and its place (UDH concatenation element or the SAR TLVs). */
export interface Concatenation {
  /** 8 or 16 bits; with the addresses, it tells one long message's parts from another's. */
  reference: number;
  /** Parts in the whole message (2 to 255), and this part's place in it, from 1. */
  total: number;
  seq: number;
}

/** A mobile-originated deliver_sm (not a receipt): one whole message, or one part of a long one. */
export interface InboundPart {
  /** The SMSC account of the link it came on (system_id@host:port). */
  smsc: string;
  /** source_addr (the handset) and destination_addr (our number or short code), as the SMSC gave them. */
  from: string;
  to: string;
  dataCoding: number;
  /** The user data, any user data header taken off: short_message, or message_payload when that is empty. */
  payload: Uint8Array;
  /** Null for a message that came whole. */
  concat: Concatenation | null;
  /** The SMSC's own name for the message, when it gives one (smpp-wire.ts): a resend carries it again. */
  smscMessageRef: string | null;
}

/** A provider's link as the operator sees it (`ops binds`). */
export interface ProviderState {
  bound: boolean;
  /** Submits waiting for their answer, of at most `window`. */
  windowInUse: number;
  window: number;
  /** The last thing that went wrong on the link (never a password), and when. */
  lastError: { message: string; at: Date } | null;
}

export interface SmsProvider {
  /** The SMSC account (system_id@host:port) whose message ids this provider's answers and receipts carry. */
  readonly smsc: string;
  /** Parts a second this provider sends at most (its pacer): the dispatcher claims no more than about a second's worth. */
  readonly partsPerSecond: number;
  submit(sms: OutgoingSms, options?: SubmitOptions): Promise<SubmitOutcome>;
  /**
   * Receipts may arrive before the submit's answer, and more than once. The provider acknowledges a receipt to its
   * SMSC only once every handler's promise resolved (it is stored); a rejected or pending one is not acknowledged.
   */
  onReceipt(handler: (receipt: ProviderReceipt) => void | Promise<void>): () => void;
  /**
   * Mobile-originated messages, part by part. As for receipts, the deliver_sm is acknowledged only once every
   * handler's promise resolved (it is stored); with no handler, or one that rejects, the SMSC sends it again.
   */
  onInbound(handler: (part: InboundPart) => Promise<void>): () => void;
  onLateAcceptance(handler: (late: LateAcceptance) => void): void;
  /**
   * Pauses reading from the SMSC until every receipt and inbound message read is stored and acknowledged (or
   * timeoutMs passed), then reads again: one read after that with no handler left is not acknowledged, so the SMSC
   * sends it again.
   */
  drain(timeoutMs: number): Promise<void>;
  /** Its link now: a lane whose bind is not bound leaves its operators to the next bind of their route. */
  state(): ProviderState;
  close(): Promise<void>;
}
