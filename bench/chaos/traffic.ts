// A run's single messages: which numbers (each message its own handset, its last two digits choosing what the SMSC
// does), which bodies (one or two parts), sent over the run's traffic phase through the retrying client.
import type { Random } from './random.ts';
import type { Organization } from './ops.ts';
import { SENDER } from './ops.ts';
import { sendRetrying, type Attempted } from './http.ts';

export interface PlannedSend {
  organizationId: string;
  key: string;
  /** E.164. */
  to: string;
  body: string;
  /** When to send, after the traffic phase starts. */
  atMs: number;
}

export interface SentMessage extends PlannedSend {
  result: Attempted;
}

/**
 * Endings by weight. 91 refused, 92 UNDELIV, 93 never answered (unknown), 95 no receipt ever, 96 DELIVRD twice,
 * 97 REJECTD; any other ending is delivered.
 */
const ENDINGS: ReadonlyArray<[string, number]> = [['normal', 68], ['92', 8], ['96', 5], ['97', 9], ['91', 4], ['93', 3], ['95', 3]];
const TOTAL_WEIGHT = ENDINGS.reduce((sum, [, w]) => sum + w, 0);

function endingOf(random: Random): string {
  let roll = random.int(1, TOTAL_WEIGHT);
  const chosen = ENDINGS.find(([, w]) => (roll -= w) <= 0)![0];
  // 10 to 89 hold no special ending.
  return chosen === 'normal' ? String(random.int(10, 89)) : chosen;
}

// Each handset is used once in the harness's life (runs share the SMSC and the database): +255 75 SSSSS EE and
// +255 68 SSSSS EE in turn, Vodacom's and Airtel's, so that both binds of the world carry traffic (world.ts).
let serial = 0;
export function freshNumber(random: Random, ending = endingOf(random), prefix?: '75' | '68'): string {
  serial += 1;
  if (serial > 99_999) throw new Error('the harness ran out of fresh handset numbers');
  return `+255${prefix ?? (serial % 2 === 0 ? '75' : '68')}${String(serial).padStart(5, '0')}${ending}`;
}

/** A GSM-7 body of one part (up to 160) or two (161 to 306 characters). */
function bodyOf(random: Random, seed: number, i: number): string {
  const head = `Chaos ${seed} #${i}: habari, oda yako imefika.`;
  if (random.chance(0.7)) return head;
  return `${head} ${'Asante kwa kununua nasi. '.repeat(8)}`.slice(0, random.int(170, 300));
}

export function planSends(random: Random, seed: number, organizations: Organization[], count: number, spreadMs: number): PlannedSend[] {
  return Array.from({ length: count }, (_, i) => ({
    organizationId: organizations[i % organizations.length]!.id,
    key: `chaos-${seed}-${i}`,
    to: freshNumber(random),
    body: bodyOf(random, seed, i),
    atMs: Math.floor((i / Math.max(1, count)) * spreadMs),
  }));
}

/** Sends each planned message at its moment; resolves when every one is answered or its deadline has passed. */
export async function sendAll(bases: () => readonly string[], organizations: Organization[], plans: PlannedSend[], deadlineMs: number): Promise<SentMessage[]> {
  const started = Date.now();
  const keyOf = new Map(organizations.map((o) => [o.id, o.liveKey]));
  return Promise.all(
    plans.map(async (plan) => {
      await new Promise((r) => setTimeout(r, plan.atMs));
      const result = await sendRetrying(
        bases,
        {
          method: 'POST',
          path: '/v1/messages',
          headers: { authorization: `Bearer ${keyOf.get(plan.organizationId)}`, 'x-idempotency-key': plan.key },
          body: { to: plan.to, from: SENDER, body: plan.body, client_ref: plan.key },
        },
        started + deadlineMs,
      );
      return { ...plan, result };
    }),
  );
}
