// The database side of a run's messages from handsets: the short codes assigned and the keyword senders put in the
// address books before the run (as the operator and a member do), the probe after each acknowledgement, and what
// the database holds at the end (read-only SQL).
import type pg from 'pg';
import { opsRetrying, type Organization } from './ops.ts';
import { signIn } from './campaign.ts';
import { sendRetrying } from './http.ts';
import type { InboundPlan, SentInbound } from './inbound.ts';
import { inboundAddress } from '../../core/domain/inbound-address.ts';
import { parseSmppUrl } from '../../workers/providers/smpp-wire.ts';
import type { OptOutRow as StoredOptOutRow } from '../../core/db/opt-outs/opt-outs.ts';

const SETUP_DEADLINE_MS = 60_000;

/** Each organization's short code through the operator CLI, and its keyword senders added as contacts by a member of its own. */
export async function setUpInbound(url: string, base: string, organizations: Organization[], plan: InboundPlan): Promise<void> {
  await Promise.all(plan.numbers.map((n) => opsRetrying(url, ['numbers', 'assign', n.number, '--org', n.organizationId])));
  await Promise.all(
    plan.contacts.map(async ({ organizationId, phones }) => {
      const member = { email: `chaos-in-${organizationId.slice(-12)}@example.com`, password: `Chaos-in-${organizationId}-pass` };
      await opsRetrying(url, ['member', 'add', organizationId, '--email', member.email, '--password', member.password, '--role', 'marketer']);
      const deadline = Date.now() + SETUP_DEADLINE_MS;
      const session = await signIn(base, member, deadline);
      for (const phone of phones) {
        const { answer } = await sendRetrying(() => [base], { method: 'POST', path: '/v1/contacts', headers: session, body: { phone } }, deadline);
        if (!answer || answer.status >= 300) throw new Error(`/v1/contacts answered ${answer?.status}: ${JSON.stringify(answer?.body)}`);
      }
    }),
  );
  if (organizations.length !== plan.numbers.length) throw new Error('every organization of the run has a short code');
}

/** The SMSC account every link of the world's simulator is stored under (system_id@host:port). */
export function smscOf(simUrl: string): string {
  const t = parseSmppUrl(simUrl);
  return `${t.systemId}@${t.host}:${t.port}`;
}

/**
 * Whether part `seq` of the message is stored: as a waiting part, or in the message it completed (found by its
 * reference, or by its addresses and text when it was stored without one: each is unique in a run).
 */
export function inboundProbe(pool: pg.Pool, smsc: string) {
  return async (m: SentInbound, seq: number): Promise<boolean> => {
    const { rows } = await pool.query<{ stored: boolean }>(
      `select exists (select 1 from inbound_messages where smsc = $1 and smsc_message_ref = $2)
           or exists (select 1 from inbound_messages where to_number = $4 and from_phone = $3 and body = $8)
           or exists (select 1 from inbound_message_parts where smsc = $1 and from_addr = $3 and to_addr = $4 and reference = $5 and total = $6 and seq = $7) as stored`,
      [smsc, m.smscMessageRef, inboundAddress(m.from), inboundAddress(m.to), m.ref, m.parts, seq, m.text],
    );
    return rows[0]!.stored;
  };
}

export interface InboundRow {
  id: string;
  organization_id: string | null;
  from_phone: string;
  to_number: string;
  body: string;
  parts: number;
  incomplete: boolean;
  smsc_message_ref: string | null;
  keyword: string | null;
  received_at: Date;
}

export type OptOutRow = Pick<StoredOptOutRow, 'id' | 'organization_id' | 'phone' | 'source' | 'reason' | 'cleared_at' | 'clear_reason'>;

export interface InboundSnapshot {
  messages: InboundRow[];
  /** Opt-outs of the run's organizations by keyword, and any of the run's inbound senders. */
  optOuts: OptOutRow[];
}

export async function readInbound(pool: pg.Pool, plan: InboundPlan, organizations: string[]): Promise<InboundSnapshot> {
  const numbers = [...plan.numbers.map((n) => n.number), plan.unowned];
  const phones = [...new Set(plan.messages.map((m) => m.from))];
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const messages = await client.query<InboundRow>(
      `select id, organization_id, from_phone, to_number, body, parts, incomplete, smsc_message_ref, keyword, received_at
       from inbound_messages where to_number = any($1::text[]) order by received_at, id`,
      [numbers],
    );
    const optOuts = await client.query<OptOutRow>(
      `select id, organization_id, phone, source, reason, cleared_at, clear_reason from opt_outs
       where (organization_id = any($1::uuid[]) and source = 'sms_keyword') or phone = any($2::text[])`,
      [organizations, phones],
    );
    await client.query('commit');
    return { messages: messages.rows, optOuts: optOuts.rows };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
