// What the database says about a run's organizations, read in one snapshot (read-only SQL) for the checks.
import type pg from 'pg';

export interface MessageRow {
  organization_id: string;
  id: string;
  client_ref: string;
  status: string;
  charge: string;
  total: string;
  to_phone: string;
  campaign_id: string | null;
  failure_reason: string | null;
  submit_started_at: Date | null;
  /** The bind that took it last (null if none did; left out by hand-made rows). */
  bind?: string | null;
  attempts: Array<{ number: number; state: string; detail: string | null }>;
  /** How many of its parts have their provider id recorded. */
  provider_ids: number;
  entries: Array<{ kind: string; amount: string }>;
}

export interface WalletRow {
  organization_id: string;
  available: string;
  held: string;
  captured: string;
  credited: string;
  /** Top-ups and adjustments in the ledger. */
  credits: string;
}

export interface CampaignRow {
  organization_id: string;
  id: string;
  status: string;
  share: string;
  pending: number;
  /** Hold entries of the campaign: the reservation (no message) and any naming a message. */
  reservations: number;
  message_holds: number;
}

/** A proven mobile-money payment of the run (mobile_money_payments). */
export interface PaymentRow {
  id: string;
  transaction_id: string;
  kind: string;
  status: string;
  organization_id: string | null;
  top_up_request_id: string | null;
  account_reference: string | null;
  amount: string;
  ledger_entry_id: string | null;
}

/** A push payment of the run's organizations (a top-up request with a provider). */
export interface PushRow {
  id: string;
  organization_id: string;
  status: string;
  amount: string;
  credited_amount: string | null;
  payer_phone: string;
  transaction_id: string | null;
  ledger_entry_id: string | null;
  flag: string | null;
}

/** A top_up ledger entry that names a payment of the run in its reference (`Paybill <id>`, `M-Pesa <id>`). */
export interface PaymentEntryRow {
  id: string;
  organization_id: string;
  amount: string;
  reference: string;
}

export interface Snapshot {
  messages: MessageRow[];
  wallets: WalletRow[];
  campaigns: CampaignRow[];
  /** Receipts recorded under an id no submit was ever given (the SMSC's stray receipts). */
  strayApplied: Array<{ message_id: string; provider_id: string }>;
  payments: PaymentRow[];
  paymentEntries: PaymentEntryRow[];
  pushes: PushRow[];
}

export async function readSnapshot(pool: pg.Pool, organizations: string[], strayIds: string[], transactionIds: string[] = []): Promise<Snapshot> {
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const orgs = [organizations];
    const messages = await client.query<MessageRow>(
      `select m.organization_id, m.id, m.client_ref, m.status, m.charge, m.total::text, m.to_phone, m.campaign_id, m.failure_reason, m.submit_started_at, m.bind,
         coalesce((select json_agg(json_build_object('number', a.number, 'state', a.state, 'detail', a.detail) order by a.number)
                   from message_attempts a where a.organization_id = m.organization_id and a.message_id = m.id), '[]') as attempts,
         (select count(*)::int from message_provider_ids p where p.organization_id = m.organization_id and p.message_id = m.id) as provider_ids,
         coalesce((select json_agg(json_build_object('kind', e.kind, 'amount', e.amount::text))
                   from ledger_entries e where e.organization_id = m.organization_id and e.message_id = m.id), '[]') as entries
       from messages m where m.organization_id = any($1::uuid[]) and not m.test`,
      orgs,
    );
    const wallets = await client.query<WalletRow>(
      `select w.organization_id, w.available::text, w.held::text, w.captured::text, w.credited::text,
         (select coalesce(sum(e.amount), 0)::text from ledger_entries e where e.organization_id = w.organization_id and e.kind in ('top_up', 'adjustment')) as credits
       from wallets w where w.organization_id = any($1::uuid[])`,
      orgs,
    );
    const campaigns = await client.query<CampaignRow>(
      `select c.organization_id, c.id, c.status, (q.unit_amount * q.segments)::text as share,
         (select count(*)::int from campaign_recipients r where r.organization_id = c.organization_id and r.quote_id = c.launch_quote_id and r.status = 'pending') as pending,
         (select count(*)::int from ledger_entries e where e.organization_id = c.organization_id and e.campaign_id = c.id and e.kind = 'hold' and e.message_id is null) as reservations,
         (select count(*)::int from ledger_entries e where e.organization_id = c.organization_id and e.campaign_id = c.id and e.kind = 'hold' and e.message_id is not null) as message_holds
       from campaigns c join campaign_quotes q on q.organization_id = c.organization_id and q.id = c.launch_quote_id
       where c.organization_id = any($1::uuid[])`,
      orgs,
    );
    const strayApplied = await client.query<{ message_id: string; provider_id: string }>(
      'select message_id, provider_id from message_receipts where organization_id = any($1::uuid[]) and lower(provider_id) = any($2::text[])',
      [organizations, strayIds],
    );
    const pushes = await client.query<PushRow>(
      `select id, organization_id, status, amount::text, credited_amount::text, payer_phone, transaction_id, ledger_entry_id, flag
       from top_up_requests where organization_id = any($1::uuid[]) and provider is not null`,
      orgs,
    );
    // Every row and entry of the run's paybill transactions, whichever organization they went to, and of its pushes.
    const payments = await client.query<PaymentRow>(
      `select id, transaction_id, kind, status, organization_id, top_up_request_id, account_reference, amount::text, ledger_entry_id
       from mobile_money_payments where transaction_id = any($1::text[]) or top_up_request_id = any($2::uuid[])`,
      [transactionIds, pushes.rows.map((p) => p.id)],
    );
    const paymentEntries = await client.query<PaymentEntryRow>(
      `select id, organization_id, amount::text, reference from ledger_entries
       where kind = 'top_up' and (reference = any($1::text[]) or (organization_id = any($2::uuid[]) and reference like 'M-Pesa %'))`,
      [transactionIds.map((t) => `Paybill ${t}`), organizations],
    );
    await client.query('commit');
    return {
      messages: messages.rows,
      wallets: wallets.rows,
      campaigns: campaigns.rows,
      strayApplied: strayApplied.rows,
      payments: payments.rows,
      paymentEntries: paymentEntries.rows,
      pushes: pushes.rows,
    };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
