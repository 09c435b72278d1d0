// Delivery receipts: recorded on their message, moving it by the state table (once: a repeat changes nothing).
import type { Pool, PoolClient } from 'pg';
import type { ProviderReceipt } from './provider.ts';
import { providerIdCandidates } from '../../domain/delivery-receipt.ts';
import { newId } from '../../db/ids.ts';
import { exec, nativeTransaction, pgArray, rows, type Runner } from '../../db/sql.ts';
import { applyMoves, type Move } from './message-moves.ts';

interface Part {
  provider_id: string;
  organization_id: string;
  message_id: string;
  part: number;
  converted: boolean;
}

export interface TimedReceipt extends ProviderReceipt {
  receivedAt: Date;
}

async function partsOf(tx: Runner, receipts: TimedReceipt[]): Promise<Map<string, Part>> {
  const forms = [...new Set(receipts.flatMap((r) => providerIdCandidates(r.providerId)))];
  const found = await rows<Part>(tx, 'select * from message_provider_ids where provider_id = any(?::text[])', [pgArray(forms)]);
  // Short ids can collide across forms (hex 10 is decimal 16): an id as the SMSC gave it wins.
  const byForm = new Map<string, Part>();
  for (const p of [...found.filter((f) => f.converted), ...found.filter((f) => !f.converted)]) byForm.set(p.provider_id, p);
  const byReceipt = new Map<string, Part>();
  for (const r of receipts) {
    const part = providerIdCandidates(r.providerId).map((c) => byForm.get(c)).find((p) => p !== undefined);
    if (part) byReceipt.set(r.providerId, part);
  }
  return byReceipt;
}

/** How many parts each message has, and which of them already have a delivered receipt. */
async function deliveredParts(tx: Runner, messageIds: string[]): Promise<Map<string, { parts: number; delivered: Set<number> }>> {
  const found = await rows<{ message_id: string; parts: number; delivered: number[] }>(
    tx,
    `select p.message_id, count(distinct p.part)::int as parts,
       coalesce((select array_agg(distinct r.part) from message_receipts r
                 where r.organization_id = min(p.organization_id::text)::uuid and r.message_id = p.message_id and r.delivery = 'delivered'), '{}') as delivered
     from message_provider_ids p where p.message_id = any(?::uuid[]) group by p.message_id`,
    [pgArray(messageIds)],
  );
  return new Map(found.map((f) => [f.message_id, { parts: f.parts, delivered: new Set(f.delivered) }]));
}

/** Hot path: one transaction for a batch of receipts. */
export async function applyReceipts(pool: Pool, receipts: TimedReceipt[]): Promise<void> {
  if (receipts.length === 0) return;
  await nativeTransaction(pool, (tx) => writeReceipts(tx, receipts[0]!.receivedAt, receipts));
}

/**
 * Records a batch of receipts inside the caller's transaction, applying their moves together with `earlier`
 * (the submit answers of the same flush, which come first), so one lock of the messages and wallets serves both.
 * A receipt whose message is not known yet (it came before the answer to the submit) waits in early_receipts
 * until the submit's answer is recorded.
 */
export async function writeReceipts(tx: PoolClient, at: Date, receipts: TimedReceipt[], earlier: Move[] = []): Promise<void> {
  const parts = receipts.length ? await partsOf(tx, receipts) : new Map<string, Part>();
  const early = receipts.filter((r) => !parts.has(r.providerId));
  if (early.length) {
    await exec(
      tx,
      `insert into early_receipts (id, provider_id, delivery, raw_status, error_code, received_at)
       select x.id, x.provider_id, x.delivery, x.raw_status, x.error_code, x.received_at
       from jsonb_to_recordset(?::jsonb) as x(id uuid, provider_id text, delivery text, raw_status text, error_code text, received_at timestamptz)`,
      [JSON.stringify(early.map((r) => ({ id: newId(), provider_id: r.providerId, delivery: r.effect, raw_status: r.rawStatus, error_code: r.errorCode, received_at: r.receivedAt })))],
    );
  }
  const known = receipts.filter((r) => parts.has(r.providerId));
  const progress = known.length ? await deliveredParts(tx, [...new Set(known.map((r) => parts.get(r.providerId)!.message_id))]) : new Map();
  const moves: (Move | null)[] = known.map((r) => {
    const part = parts.get(r.providerId)!;
    const base = { organizationId: part.organization_id, messageId: part.message_id };
    if (r.effect === 'undelivered') return { ...base, event: 'receipt_undelivered', failureReason: `${r.rawStatus}${r.errorCode ? ` (error ${r.errorCode})` : ''}` };
    if (r.effect === 'failed') return { ...base, event: 'receipt_failed', failureReason: `${r.rawStatus}${r.errorCode ? ` (error ${r.errorCode})` : ''}` };
    if (r.effect !== 'delivered') return null;
    // A message of several parts is delivered when every part is.
    const seen = progress.get(part.message_id);
    seen?.delivered.add(part.part);
    return seen && seen.delivered.size >= seen.parts ? { ...base, event: 'receipt_delivered' } : null;
  });
  const receiptMoves = moves.filter((m): m is Move => m !== null);
  const results = (await applyMoves(tx, at, [...earlier, ...receiptMoves])).slice(earlier.length);
  if (known.length === 0) return;
  const moved = new Set(results.filter((r) => r.status !== null).map((r) => `${r.organizationId}/${r.messageId}`));
  const recorded = known.map((r, i) => {
    const part = parts.get(r.providerId)!;
    const key = `${part.organization_id}/${part.message_id}`;
    // Only the receipt that made the move shows it as its effect; a repeat shows none.
    const effect = moves[i] && moved.delete(key) ? r.effect : 'none';
    return { id: newId(), organization_id: part.organization_id, message_id: part.message_id, provider_id: r.providerId, part: part.part, delivery: r.effect, effect, raw_status: r.rawStatus, error_code: r.errorCode, received_at: r.receivedAt };
  });
  await exec(
    tx,
    `insert into message_receipts (id, organization_id, message_id, provider_id, part, delivery, effect, raw_status, error_code, received_at)
     select x.id, x.organization_id, x.message_id, x.provider_id, x.part, x.delivery, x.effect, x.raw_status, x.error_code, x.received_at
     from jsonb_to_recordset(?::jsonb) as x(id uuid, organization_id uuid, message_id uuid, provider_id text, part int, delivery text, effect text,
       raw_status text, error_code text, received_at timestamptz)`,
    [JSON.stringify(recorded)],
  );
}

/** Receipts that came before their submit's answer and whose message is now known (any process recorded it). */
export async function takeEarlyReceipts(runner: Runner): Promise<TimedReceipt[]> {
  const found = await rows<{ provider_id: string; delivery: ProviderReceipt['effect']; raw_status: string; error_code: string | null; received_at: Date }>(
    runner,
    `delete from early_receipts e using message_provider_ids p where p.provider_id = e.provider_id
     returning e.provider_id, e.delivery, e.raw_status, e.error_code, e.received_at`,
  );
  return found.map((e) => ({ providerId: e.provider_id, effect: e.delivery, rawStatus: e.raw_status, errorCode: e.error_code, receivedAt: e.received_at }));
}
