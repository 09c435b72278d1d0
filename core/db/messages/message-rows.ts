// Messages as the database holds them, and the attempts and receipts of many messages of one organization, two
// statements for any number (no N+1).
import type { EntityManager } from '@mikro-orm/postgresql';
import { rows } from '../sql.ts';

export interface MessageRow {
  id: string;
  organization_id: string;
  test: boolean;
  status: string;
  to_phone: string;
  sender: string;
  body: string;
  traffic_class: string;
  client_ref: string;
  encoding: string;
  segments: number;
  unit_amount: string;
  total: string;
  charge: 'none' | 'held' | 'captured' | 'released';
  failure_reason: string | null;
  campaign_id: string | null;
  held_until: Date | null;
  /** Set for a message sent for later (send_at). */
  send_at: Date | null;
  expires_at: Date;
  created_at: Date;
  updated_at: Date;
  final_at: Date | null;
  /** The bind that took it last (null until one did; left out of a row made before its insert). */
  bind?: string | null;
}

export interface AttemptRow {
  number: number;
  state: string;
  detail: string | null;
  started_at: Date;
  finished_at: Date | null;
  /** The bind that carried it (null for an attempt that reached no SMSC, or one made before binds). */
  bind: string | null;
}

export interface ReceiptRow {
  delivery: string;
  effect: string;
  raw_status: string;
  error_code: string | null;
  received_at: Date;
}

/** The attempts of these messages, by message and number. */
export function findAttempts(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<(AttemptRow & { message_id: string })[]> {
  return rows<AttemptRow & { message_id: string }>(em, 'select * from message_attempts where organization_id = ? and message_id = any(?::uuid[]) order by message_id, number', [
    organizationId,
    `{${ids.join(',')}}`,
  ]);
}

/** The receipts of these messages, by message and arrival. */
export function findReceipts(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<(ReceiptRow & { message_id: string })[]> {
  return rows<ReceiptRow & { message_id: string }>(em, 'select * from message_receipts where organization_id = ? and message_id = any(?::uuid[]) order by message_id, received_at, id', [
    organizationId,
    `{${ids.join(',')}}`,
  ]);
}
