// The lanes follow the binds' configuration while the dispatcher runs, over real SMPP with several simulators and
// no restart: a bind added carries its operator's messages; a changed TPS, window or URL takes effect, and receipts
// of what the old lane carried still arrive on the new link; a bind removed with messages in flight resends
// nothing and loses nothing, and what it never wrote goes by the fallback.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmscSimulator, type SimulatedSubmit, type SmscSimulator } from '../../workers/providers/smsc-simulator.ts';
import { startDispatcher } from '../../workers/dispatcher.ts';
import { ownBinds, type OwnBinds } from '../../workers/lanes/bind-source.ts';
import { addBind, removeBind, setBind } from '../../core/app/binds/manage-binds.ts';
import { setRoute } from '../../core/app/binds/routes.ts';
import { setLiveDispatch } from '../../core/app/platform/settings.ts';
import { testDatabaseUrl } from '../support/db.ts';
import { opsOk } from '../support/ops.ts';
import { bindsKit } from '../support/binds.ts';
import { createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';

const KEY = randomBytes(32);
let env: TestEnv;
let org: OrgFixture;
let source: OwnBinds;
let dispatcher: { stop(): Promise<void> };
const sims = new Map<string, SmscSimulator>();
const submits: { sim: string; submit: SimulatedSubmit; at: number }[] = [];

async function startSim(name: string, options: { dlrDelayMs?: number; responseDelayMs?: number } = {}): Promise<SmscSimulator> {
  const sim = await startSmscSimulator({ port: 0, dlrDelayMs: options.dlrDelayMs ?? 20, responseDelayMs: options.responseDelayMs ?? 0, onSubmit: (submit) => submits.push({ sim: name, submit, at: Date.now() }) });
  sims.set(name, sim);
  return sim;
}

const pacing = { system_type: '', tps: 500, window: 20, submit_timeout_ms: 600 };

beforeAll(async () => {
  env = await setupTestEnv({ smppSubmitTimeoutMs: 600, liveDispatch: true, webhookSecretsKey: KEY });
  org = await createOrg(env, { credit: 100_000_000n, senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }] });
  // A and C answer at once; B sends its receipts 6 s after the submit; D answers each submit 1.5 s late.
  await startSim('A');
  await startSim('B', { dlrDelayMs: 6000 });
  await startSim('C');
  await startSim('D', { responseDelayMs: 1500 });
  const ctx = await env.ctx();
  await addBind(ctx, 'vodacom-1', { url: sims.get('A')!.url, ...pacing });
  await setRoute(ctx, 'vodacom', ['vodacom-1']);
  await setLiveDispatch(ctx, true);
  // With live dispatch the lanes use the binds' own URLs; their simulator sides all link to A and are never used.
  source = ownBinds(env.deps, { simulatorUrl: sims.get('A')!.url, timing: { reconnectInitialMs: 100, reconnectMaxMs: 300 }, logger: { info: () => {}, warn: () => {} } });
  dispatcher = startDispatcher(env.deps, source, { inFlight: 100, idleMs: 20, flushMs: 10 });
  await bindsShown((b) => b['vodacom-1']?.bound === 1);
}, 60_000);

afterAll(async () => {
  await dispatcher?.stop();
  await source?.close();
  for (const sim of sims.values()) await sim.close();
});

const { number, send, message, settles, submitsTo, bindsShown } = bindsKit(() => ({ env, org }), submits);

describe('lanes follow the binds’ configuration', () => {
  it('a bind added by `ops binds add` while the dispatcher runs carries its operator’s waiting messages, and `ops binds` shows its lane', async () => {
    const airtel = number('68');
    const id = await send(airtel);
    // No route and no default bind: the message waits unclaimed.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await message(id)).status).toBe('accepted');
    const db = await testDatabaseUrl();
    const key = { WEBHOOK_SECRETS_KEY: KEY.toString('base64') };
    await opsOk(db, ['binds', 'add', 'airtel-1', '--url', sims.get('B')!.url, '--tps', '500', '--window', '20', '--submit-timeout-ms', '600'], key);
    await opsOk(db, ['routes', 'set', 'airtel', '--binds', 'airtel-1'], key);
    const shown = await bindsShown((b) => b['airtel-1']?.bound === 1 && b['airtel-1'].processes[0]?.operators.join() === 'airtel', 10_000);
    expect(shown['airtel-1']!.processes).toHaveLength(1);
    await settles(id, 'delivered');
    expect(submitsTo(airtel)).toEqual(['B']);
    expect((await message(id)).bind).toBe('airtel-1');
  }, 60_000);

  it('a changed TPS and window replace the lane; receipts of what the old lane carried come on the new link', async () => {
    const before = Array.from({ length: 5 }, () => number('68'));
    const carried = await Promise.all(before.map(send));
    for (const id of carried) await settles(id, 'submitted');
    await setBind(await env.ctx(), 'airtel-1', { tps: 4, window: 3 });
    // The new lane is up before B sends the receipts of the old lane's messages (6 s after each submit).
    await bindsShown((b) => b['airtel-1']?.processes[0]?.window === 3 && b['airtel-1'].bound === 1, 10_000);
    expect((await Promise.all(carried.map(message))).map((m) => m.status)).toEqual(carried.map(() => 'submitted'));
    for (const id of carried) await settles(id, 'delivered');
    // Four a second now: twelve messages take about three seconds.
    const paced = Array.from({ length: 12 }, () => number('68'));
    const ids = await Promise.all(paced.map(send));
    await expect.poll(() => paced.filter((n) => submitsTo(n).length > 0).length, { timeout: 15_000 }).toBe(12);
    const times = submits.filter((s) => paced.includes(`+${s.submit.destinationAddr}`)).map((s) => s.at);
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThanOrEqual(2_200);
    for (const id of ids) await settles(id, 'delivered');
    expect(paced.flatMap(submitsTo)).toEqual(paced.map(() => 'B'));
  }, 60_000);

  it('a changed URL takes effect: the SMSC moved, the bind’s waiting messages go to the new one', async () => {
    await sims.get('A')!.close();
    await bindsShown((b) => b['vodacom-1']?.bound === 0);
    const to = number('75');
    const id = await send(to);
    // Claimed by the lane to A, it waits there for the link, then goes back to the queue unwritten.
    const handedBack = async () => (await env.sql<{ back: boolean }>('select bind is not null and submit_started_at is null as back from messages where id = ?', [id]))[0]!.back;
    await expect.poll(handedBack, { timeout: 10_000 }).toBe(true);
    await setBind(await env.ctx(), 'vodacom-1', { url: sims.get('C')!.url });
    await bindsShown((b) => b['vodacom-1']?.bound === 1);
    // Never written at A, it came back unsent: due again after the usual pause, at the new SMSC.
    env.clock.advance(10_000);
    const m = await settles(id, 'delivered');
    expect(submitsTo(to)).toEqual(['C']);
    expect(m.bind).toBe('vodacom-1');
    const smsc = (await env.sql<{ smsc: string }>('select smsc from message_provider_ids where message_id = ?', [id]))[0]!.smsc;
    expect(smsc).toBe(`ujumbe@127.0.0.1:${new URL(sims.get('C')!.url).port}`);
  }, 60_000);

  it('a bind removed with messages in flight: written ones answered there, the rest by the fallback, each number once', async () => {
    const ctx = await env.ctx();
    // D answers 1.5 s late and takes five at a time: most of a burst waits in its lane, claimed and never written.
    await addBind(ctx, 'spare-1', { url: sims.get('D')!.url, system_type: '', tps: 500, window: 5, submit_timeout_ms: 5000 });
    await setRoute(ctx, 'yas', ['spare-1']);
    await bindsShown((b) => b['spare-1']?.bound === 1 && b['spare-1'].processes[0]?.operators.join() === 'yas');
    const numbers = Array.from({ length: 30 }, () => number('65'));
    const ids = await Promise.all(numbers.map(send));
    await expect.poll(() => numbers.filter((n) => submitsTo(n).length > 0).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(5);
    await setRoute(ctx, 'yas', ['vodacom-1']);
    await removeBind(ctx, 'spare-1');
    const settled = new Set(['submitted', 'delivered']);
    for (const id of ids) await expect.poll(async () => settled.has((await message(id)).status), { timeout: 30_000, interval: 100 }).toBe(true);
    // Those still due at C settle; a moment more shows nothing goes a second time.
    await new Promise((r) => setTimeout(r, 1500));
    const atD = numbers.filter((n) => submitsTo(n).join() === 'D');
    const atC = numbers.filter((n) => submitsTo(n).join() === 'C');
    expect(atD.length + atC.length).toBe(30);
    expect(atD.length).toBeGreaterThanOrEqual(5);
    expect(atC.length).toBeGreaterThanOrEqual(1);
    for (const [i, id] of ids.entries()) {
      const m = await message(id);
      const attempts = await env.sql<{ state: string; bind: string }>("select state, bind from message_attempts where message_id = ? and state <> 'not_sent'", [id]);
      if (atD.includes(numbers[i]!)) {
        expect(['submitted', 'delivered']).toContain(m.status);
        expect(attempts).toEqual([{ state: 'submitted', bind: 'spare-1' }]);
      } else {
        expect(m.status).toBe('delivered');
        expect(attempts).toEqual([{ state: 'submitted', bind: 'vodacom-1' }]);
      }
    }
    const listed = await bindsShown((b) => !('spare-1' in b));
    expect(Object.keys(listed).sort()).toEqual(['airtel-1', 'vodacom-1']);
  }, 90_000);
});
