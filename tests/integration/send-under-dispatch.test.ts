// Sends from many organizations at once while the dispatcher records submit answers and receipts for those same
// organizations (real SMPP to the simulator, receipts at once), round after round: every send is answered 202,
// none a 500, and the money balances: one hold and one capture for each delivered message.
import { afterAll, beforeAll, expect, it } from 'vitest';
import request from 'supertest';
import { startSmscSimulator, type SmscSimulator } from '../../workers/providers/smsc-simulator.ts';
import { createSmppProvider } from '../../workers/providers/smpp-client.ts';
import { startDispatcher } from '../../workers/dispatcher.ts';
import type { SmsProvider } from '../../core/app/messages/provider.ts';
import { bearer, createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';

const ORGANIZATIONS = 12;
const ROUNDS = 200;

let env: TestEnv;
let orgs: OrgFixture[];
let simulator: SmscSimulator;
let provider: SmsProvider;
let dispatcher: { stop(): Promise<void> };

beforeAll(async () => {
  env = await setupTestEnv();
  orgs = [];
  for (let i = 0; i < ORGANIZATIONS; i++) orgs.push(await createOrg(env, { credit: 100_000_000n, senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }], members: {} }));
  simulator = await startSmscSimulator({ port: 0, dlrDelayMs: 0 });
  provider = createSmppProvider({ url: simulator.url, tps: 10_000, window: 200, submitTimeoutMs: 5_000, logger: { info: () => {}, warn: () => {} } });
  dispatcher = startDispatcher(env.deps, { live: null, simulator: provider }, { inFlight: 400, idleMs: 5, flushMs: 5 });
});

afterAll(async () => {
  await dispatcher?.stop();
  await provider?.close();
  await simulator?.close();
});

/** A number the simulator delivers (it never ends in 91 to 96). */
const numberOf = (round: number, org: number) => `+255754${String(round * ORGANIZATIONS + org).padStart(4, '0')}10`;

it(`${ROUNDS} rounds of a send from each of ${ORGANIZATIONS} organizations while answers and receipts are written: all 202, money balanced`, async () => {
  const statuses = new Map<number, number>();
  const failures: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const answers = await Promise.all(
      orgs.map((o, i) =>
        request(env.app).post('/v1/messages').set(bearer(o.keys.live!.secret)).set('X-Idempotency-Key', `r${round}-o${i}`)
          .send({ to: numberOf(round, i), from: 'UJUMBE', body: `Habari ${round}`, client_ref: `r${round}-o${i}` }),
      ),
    );
    for (const a of answers) {
      statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
      if (a.status !== 202 && failures.length < 5) failures.push(`${a.status} ${a.text.slice(0, 200)}`);
    }
  }
  expect(Object.fromEntries(statuses), failures.join('\n')).toEqual({ 202: ROUNDS * ORGANIZATIONS });

  const ids = `{${orgs.map((o) => o.id).join(',')}}`;
  for (let i = 0; ; i++) {
    const [left] = await env.sql<{ n: number }>("select count(*)::int as n from messages where organization_id = any(?::uuid[]) and status <> 'delivered'", [ids]);
    if (left!.n === 0) break;
    if (i > 600) throw new Error(`${left!.n} messages were not delivered within 30 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const wallets = await env.sql<{ ok: boolean; held: string; captured: string }>(
    'select credited = available + held + captured as ok, held, captured from wallets where organization_id = any(?::uuid[])',
    [ids],
  );
  expect(wallets.every((w) => w.ok && Number(w.held) === 0 && Number(w.captured) === ROUNDS * 2000)).toBe(true);
  const entries = await env.sql<{ kind: string; n: number; messages: number }>(
    "select kind, count(*)::int as n, count(distinct message_id)::int as messages from ledger_entries where organization_id = any(?::uuid[]) and kind in ('hold', 'capture') group by kind order by kind",
    [ids],
  );
  const total = ROUNDS * ORGANIZATIONS;
  expect(entries).toEqual([{ kind: 'capture', n: total, messages: total }, { kind: 'hold', n: total, messages: total }]);
}, 120_000);
