// Push payments while the faults run: a billing member of the run's second organization tops up by M-Pesa from
// the API, each request under its idempotency key and sent again with it until answered. The built-in payments
// simulator of the API process that took the checkout answers it by the payer number's last digit
// (docs/mobile-money.md): paid, paid with two callbacks, paid 500 short, declined or cancelled.
import type { Random } from './random.ts';
import type { Organization } from './ops.ts';
import { sendRetrying, type Attempted } from './http.ts';
import { freshNumber } from './traffic.ts';
import { signIn } from './campaign.ts';

export interface PlannedPush {
  organizationId: string;
  key: string;
  /** E.164, a Vodacom number (M-Pesa's network); its last digit picks the simulator's outcome. */
  phone: string;
  amountTzs: number;
  atMs: number;
}

export interface SentPush extends PlannedPush {
  result: Attempted;
}

export interface PreparedPushes {
  session: Record<string, string>;
  plans: PlannedPush[];
}

/** Last digits by weight: 0 paid, 3 called back twice, 4 paid 500 short, 1 insufficient funds, 7 cancelled. */
const OUTCOMES: ReadonlyArray<[string, number]> = [['0', 3], ['3', 3], ['4', 2], ['1', 1], ['7', 1]];

function outcomeOf(random: Random): string {
  let roll = random.int(1, OUTCOMES.reduce((sum, [, w]) => sum + w, 0));
  return OUTCOMES.find(([, w]) => (roll -= w) <= 0)![0];
}

/** What the simulator pays for a push of that number and amount, in cents; null when it pays nothing. */
export function simulatedPaidCents(phone: string, amountTzs: number): bigint | null {
  const digit = phone.at(-1);
  if (digit === '1' || digit === '7') return null;
  return BigInt(digit === '4' ? Math.max(1, amountTzs - 500) : amountTzs) * 100n;
}

const SETUP_DEADLINE_MS = 60_000;

export async function preparePushes(base: string, random: Random, seed: number, organization: Organization, count: number, spreadMs: number): Promise<PreparedPushes> {
  if (!organization.member) throw new Error('a push payment needs a signed-in member');
  const session = await signIn(base, organization.member, Date.now() + SETUP_DEADLINE_MS);
  const plans = Array.from({ length: count }, (_, i) => ({
    organizationId: organization.id,
    key: `chaos-${seed}-push-${i}`,
    // M-Pesa takes Vodacom numbers only.
    phone: freshNumber(random, `4${outcomeOf(random)}`, '75'),
    amountTzs: random.int(2, 200) * 500,
    // Between the notices and the sends, so that the faults find some of them on the way.
    atMs: Math.floor(((i + 0.5) / Math.max(1, count)) * spreadMs),
  }));
  return { session, plans };
}

export async function pushAll(bases: () => readonly string[], prepared: PreparedPushes, deadlineMs: number): Promise<SentPush[]> {
  const deadline = Date.now() + deadlineMs;
  return Promise.all(
    prepared.plans.map(async (plan) => {
      await new Promise((r) => setTimeout(r, plan.atMs));
      const result = await sendRetrying(
        bases,
        {
          method: 'POST',
          path: '/v1/wallet/top-ups',
          headers: { ...prepared.session, 'x-idempotency-key': plan.key },
          body: { method: 'mobile_money', provider: 'mpesa', phone: plan.phone, amount_tzs: plan.amountTzs },
        },
        deadline,
      );
      return { ...plan, result };
    }),
  );
}
