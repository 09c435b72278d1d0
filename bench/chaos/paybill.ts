// Money in at the paybill while the faults run: the harness posts the aggregator's signed notices of payments to
// the run's organizations' account numbers as the aggregator would (each one again after a pause until it is
// answered 2xx), some of them twice or three times on purpose (side by side or one after another), and a few to an
// account number with a wrong check digit, which names no organization (docs/mobile-money.md, Callbacks).
import type { Random } from './random.ts';
import type { Organization } from './ops.ts';
import { once, sendRetrying } from './http.ts';
import { REST_PATHS } from '../../core/transport/rest-paths.ts';
import { AGGREGATOR_PROVIDER, SIGNATURE_HEADER, signatureOf, type TCallbackBody } from '../../workers/providers/payments/aggregator-wire.ts';

/** An organization's account number at the paybill. */
export interface Account {
  organizationId: string;
  reference: string;
}

export interface PlannedNotice {
  transactionId: string;
  /** The account number as the payer typed it. */
  typed: string;
  /** The organization it names, or null for a slip (a wrong check digit). */
  organizationId: string | null;
  amountTzs: number;
  /** The exact body posted, the same bytes for every copy. */
  body: string;
  /** How many times the aggregator announces it (duplicates on purpose), and whether the copies go side by side. */
  copies: number;
  together: boolean;
  /** When each copy starts, after the traffic phase starts. */
  atMs: number[];
}

export interface Delivery {
  /** The 2xx status that ended it, or null when the deadline came first. */
  status: number | null;
  /** What the answer said the notice came to (credited, duplicate, unmatched), when answered 2xx. */
  outcome: string | null;
  attempts: number;
  /** Statuses or connection errors of the attempts that were tried again. */
  failures: string[];
}

export interface SentNotice extends PlannedNotice {
  deliveries: Delivery[];
}

const SETUP_DEADLINE_MS = 60_000;

/** Each organization's account number, asked for as a client asks (an account number is made when first asked for). */
export async function accountsOf(bases: () => readonly string[], organizations: Organization[]): Promise<Account[]> {
  return Promise.all(
    organizations.map(async (o) => {
      const spec = { method: 'GET' as const, path: '/v1/wallet/payment-details', headers: { authorization: `Bearer ${o.liveKey}` } };
      const { answer } = await sendRetrying(bases, spec, Date.now() + SETUP_DEADLINE_MS);
      const reference = answer?.body?.data?.account_reference;
      if (answer?.status !== 200 || typeof reference !== 'string') throw new Error(`payment-details answered ${answer?.status}: ${JSON.stringify(answer?.body)}`);
      return { organizationId: o.id, reference };
    }),
  );
}

/** The same account number with another last digit: the check digit no longer agrees, so it names no organization. */
function slipOf(random: Random, reference: string): string {
  const last = Number(reference.at(-1));
  return `${reference.slice(0, -1)}${(last + random.int(1, 9)) % 10}`;
}

/** Amounts in the forms aggregators write them: text, text with cents of zero, a JSON number. */
function amountField(random: Random, tzs: number): string | number {
  const form = random.int(1, 3);
  return form === 1 ? String(tzs) : form === 2 ? `${tzs}.00` : tzs;
}

export function planNotices(random: Random, seed: number, accounts: Account[], count: number, spreadMs: number): PlannedNotice[] {
  const providers = Object.values(AGGREGATOR_PROVIDER);
  return Array.from({ length: count }, (_, i) => {
    const account = accounts[i % accounts.length]!;
    const slip = random.chance(0.15);
    const reference = slip ? slipOf(random, account.reference) : account.reference;
    // A payer may type the number in two groups; the service reads it with spaces and dashes aside.
    const typed = random.chance(0.15) ? `${reference.slice(0, 4)} ${reference.slice(4)}` : reference;
    const amountTzs = random.int(1, 500) * 1000 + random.pick([0, 0, 0, 250, 500, 999]);
    const transactionId = `CHAOSPB-${seed}-${i}`;
    const notice: TCallbackBody = {
      msisdn: `25575${String(random.int(0, 9_999_999)).padStart(7, '0')}`,
      amount: amountField(random, amountTzs),
      message: 'Payment received.',
      utilityref: typed,
      operator: random.pick(providers),
      reference: transactionId,
      transactionstatus: 'success',
      submerchantAcc: null,
      fspReferenceId: `FSP${seed}X${random.int(100_000, 999_999)}`,
      additionalProperties: { channel: 'paybill' },
    };
    const roll = random();
    const copies = roll < 0.55 ? 1 : roll < 0.85 ? 2 : 3;
    const together = copies > 1 && random.chance(0.5);
    const first = Math.floor((i / Math.max(1, count)) * spreadMs);
    const atMs = Array.from({ length: copies }, (_, c) => (c === 0 || together ? first : first + c * random.int(100, 1500)));
    return { transactionId, typed, organizationId: slip ? null : account.organizationId, amountTzs, body: JSON.stringify(notice), copies, together, atMs };
  });
}

let turn = 0;

/** One copy of a notice, posted as the aggregator posts it: again after a pause on no answer or a non-2xx, until the deadline. */
async function deliver(bases: () => readonly string[], secret: string, notice: PlannedNotice, deadline: number): Promise<Delivery> {
  const delivery: Delivery = { status: null, outcome: null, attempts: 0, failures: [] };
  const spec = { method: 'POST' as const, path: REST_PATHS.receiveMobileMoneyNotice, headers: { [SIGNATURE_HEADER]: signatureOf(secret, notice.body) }, rawBody: notice.body };
  for (let pause = 200; Date.now() < deadline; pause = Math.min(pause * 2, 2000)) {
    const list = bases();
    delivery.attempts += 1;
    try {
      const answer = await once(list[turn++ % list.length]!, spec);
      if (answer.status >= 200 && answer.status < 300) {
        delivery.status = answer.status;
        delivery.outcome = typeof answer.body?.data?.outcome === 'string' ? answer.body.data.outcome : null;
        return delivery;
      }
      delivery.failures.push(String(answer.status));
    } catch (err) {
      delivery.failures.push((err as { cause?: { code?: string } })?.cause?.code ?? (err as Error)?.name ?? 'error');
    }
    await new Promise((r) => setTimeout(r, pause));
  }
  return delivery;
}

/** Posts every copy of every notice at its moment; resolves when each is answered or the deadline has passed. */
export async function payAll(bases: () => readonly string[], secret: string, notices: PlannedNotice[], deadlineMs: number): Promise<SentNotice[]> {
  const deadline = Date.now() + deadlineMs;
  return Promise.all(
    notices.map(async (notice) => ({
      ...notice,
      deliveries: await Promise.all(
        notice.atMs.map(async (at) => {
          await new Promise((r) => setTimeout(r, at));
          return deliver(bases, secret, notice, deadline);
        }),
      ),
    })),
  );
}
