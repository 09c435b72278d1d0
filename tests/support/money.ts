// Money assertions shared by tests: a wallet read exactly, and the invariant checked three ways.
import { expect } from 'vitest';
import type { TestEnv } from './app.ts';

export interface Wallet {
  available: bigint;
  held: bigint;
  captured: bigint;
  credited: bigint;
}

export async function walletOf(env: TestEnv, orgId: string): Promise<Wallet> {
  const [w] = await env.sql<Record<string, string>>(
    'select available::text as available, held::text as held, captured::text as captured, credited::text as credited from wallets where organization_id = ?',
    [orgId],
  );
  return { available: BigInt(w!.available!), held: BigInt(w!.held!), captured: BigInt(w!.captured!), credited: BigInt(w!.credited!) };
}

/** credited = available + held + captured; the ledger adds up to the wallet; held and captured match the messages' shares. */
export async function expectWalletInvariant(env: TestEnv, orgId: string): Promise<void> {
  const w = await walletOf(env, orgId);
  expect(w.credited).toBe(w.available + w.held + w.captured);
  const [ledger] = await env.sql<Record<string, string>>(
    `select coalesce(sum(amount) filter (where kind in ('top_up', 'adjustment')), 0)::text as credited,
            (coalesce(sum(amount) filter (where kind = 'hold'), 0) - coalesce(sum(amount) filter (where kind in ('capture', 'release')), 0))::text as held,
            (coalesce(sum(amount) filter (where kind = 'capture'), 0) - coalesce(sum(amount) filter (where kind = 'refund'), 0))::text as captured
     from ledger_entries where organization_id = ?`,
    [orgId],
  );
  expect({ credited: w.credited, held: w.held, captured: w.captured }).toEqual({
    credited: BigInt(ledger!.credited!),
    held: BigInt(ledger!.held!),
    captured: BigInt(ledger!.captured!),
  });
  // Held money is the shares of messages still held plus those of launched campaigns' recipients not yet fed.
  const [shares] = await env.sql<Record<string, string>>(
    `select (coalesce(sum(total) filter (where charge = 'held'), 0) + (
              select coalesce(sum(q.unit_amount * q.segments), 0)
              from campaign_recipients r
              join campaigns c on c.organization_id = r.organization_id and c.launch_quote_id = r.quote_id
              join campaign_quotes q on q.organization_id = r.organization_id and q.id = r.quote_id
              where r.organization_id = ? and r.status = 'pending'))::text as held,
            coalesce(sum(total) filter (where charge = 'captured'), 0)::text as captured
     from messages where organization_id = ?`,
    [orgId, orgId],
  );
  expect({ held: w.held, captured: w.captured }).toEqual({ held: BigInt(shares!.held!), captured: BigInt(shares!.captured!) });
}

/** A campaign's reservation, and what was captured and released from it (ledger entries carrying its id). */
export async function campaignMoney(env: TestEnv, campaignId: string): Promise<{ reserved: bigint; captured: bigint; released: bigint }> {
  const [m] = await env.sql<Record<string, string>>(
    `select coalesce(sum(amount) filter (where kind = 'hold'), 0)::text as reserved,
            (coalesce(sum(amount) filter (where kind = 'capture'), 0) - coalesce(sum(amount) filter (where kind = 'refund'), 0))::text as captured,
            coalesce(sum(amount) filter (where kind in ('release', 'refund')), 0)::text as released
     from ledger_entries where campaign_id = ?`,
    [campaignId],
  );
  return { reserved: BigInt(m!.reserved!), captured: BigInt(m!.captured!), released: BigInt(m!.released!) };
}
