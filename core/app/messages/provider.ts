// The provider port: how the dispatcher hands a message to a mobile operator (SMPP) and hears back.
import type { Encoding } from '../../domain/segments.ts';

export interface OutgoingSms {
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
 * refused: the provider said no, nothing (more) will be delivered;
 * ambiguous: no answer in time or the connection dropped mid-submit — it may or may not go out.
 */
export type SubmitOutcome =
  | { kind: 'accepted'; providerIds: string[] }
  | { kind: 'refused'; reason: string; commandStatus: number }
  | { kind: 'ambiguous'; reason: string };

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

export interface SmsProvider {
  /** The SMSC account (system_id@host:port) whose message ids this provider's answers and receipts carry. */
  readonly smsc: string;
  submit(sms: OutgoingSms): Promise<SubmitOutcome>;
  /** Receipts may arrive before the submit's answer, and more than once. */
  onReceipt(handler: (receipt: ProviderReceipt) => void): void;
  close(): Promise<void>;
}
