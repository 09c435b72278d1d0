// Several binds over real SMPP, each to its own simulator: messages go by the number's operator, fail over to the
// next bind of their route only when never written, wait without one, and never go again after an ambiguous
// submit; a stopped simulator does not hold the other binds back; `ops binds` shows each lane's state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startSmscSimulator, type SimulatedSubmit, type SmscSimulator } from '../../workers/providers/smsc-simulator.ts';
import { startDispatcher } from '../../workers/dispatcher.ts';
import { connectBinds } from '../../workers/lanes/lane-providers.ts';
import { laneConfigs } from '../../core/app/binds/lane-configs.ts';
import { addBind } from '../../core/app/binds/manage-binds.ts';
import { setRoute } from '../../core/app/binds/routes.ts';
import { setLiveDispatch } from '../../core/app/platform/settings.ts';
import { nativePool } from '../../core/db/sql.ts';
import { createServiceApp } from '../../bin/server/app.ts';
import { mountGraphql } from '../../graphql/yoga.ts';
import { testDatabaseUrl } from '../support/db.ts';
import { opsOk } from '../support/ops.ts';
import { bindsKit, bindsByName } from '../support/binds.ts';
import { bearer, createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
import { assignNumber } from '../support/inbound-messages.ts';

let env: TestEnv;
let org: OrgFixture;
let links: ReturnType<typeof connectBinds>;
let dispatcher: { stop(): Promise<void> };
const sims = new Map<string, SmscSimulator>();
const ports = new Map<string, number>();
const submits: { sim: string; submit: SimulatedSubmit }[] = [];

async function startSim(name: string, responseDelayMs = 0): Promise<SmscSimulator> {
  const sim = await startSmscSimulator({ port: ports.get(name) ?? 0, dlrDelayMs: 20, responseDelayMs, onSubmit: (submit) => submits.push({ sim: name, submit }) });
  ports.set(name, Number(new URL(sim.url).port));
  sims.set(name, sim);
  return sim;
}

beforeAll(async () => {
  env = await setupTestEnv({ smppSubmitTimeoutMs: 600, liveDispatch: true });
  org = await createOrg(env, { credit: 100_000_000n, senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }] });
  for (const name of ['A', 'B', 'C']) await startSim(name);
  const ctx = await env.ctx();
  // Vodacom on A with C as its fallback; Airtel on B alone; Yas on C; Halotel on D, a second bind to C's account.
  await addBind(ctx, 'vodacom-1', { url: sims.get('A')!.url, system_type: 'VMA', tps: 500, window: 20, submit_timeout_ms: 600 });
  await addBind(ctx, 'airtel-1', { url: sims.get('B')!.url, system_type: '', tps: 500, window: 20, submit_timeout_ms: 4000 });
  await addBind(ctx, 'spare-1', { url: sims.get('C')!.url, system_type: '', tps: 500, window: 20, submit_timeout_ms: 600 });
  await addBind(ctx, 'spare-2', { url: sims.get('C')!.url, system_type: '', tps: 500, window: 20, submit_timeout_ms: 600 });
  await setRoute(ctx, 'vodacom', ['vodacom-1', 'spare-1']);
  await setRoute(ctx, 'airtel', ['airtel-1']);
  await setRoute(ctx, 'yas', ['spare-1']);
  await setRoute(ctx, 'halotel', ['spare-2']);
  await setLiveDispatch(ctx, true);
  const configs = await laneConfigs(env.deps, await nativePool(env.orm.em));
  // With live dispatch the lanes use the binds' own URLs; the simulator side of each lane is never used here.
  links = connectBinds(env.deps, configs, new Map(configs.map((c) => [c.name, sims.get('C')!.url])), {
    timing: { reconnectInitialMs: 100, reconnectMaxMs: 300 },
    logger: { info: () => {}, warn: () => {} },
  });
  dispatcher = startDispatcher(env.deps, links.lanes, { inFlight: 100, idleMs: 20, flushMs: 10 });
  await bindsShown((b) => ['vodacom-1', 'airtel-1', 'spare-1', 'spare-2'].every((n) => b[n]?.bound === 1));
}, 60_000);

afterAll(async () => {
  await dispatcher?.stop();
  await links?.close();
  for (const sim of sims.values()) await sim.close();
});

const { number, send, message, settles, submitsTo, bindsShown } = bindsKit(() => ({ env, org }), submits);

describe('binds and routes', () => {
  it('routes by prefix: each operator’s messages reach its own bind’s SMSC, shown on the message (REST and GraphQL)', async () => {
    const vodacom = number('75');
    const airtel = number('68');
    const yas = number('65');
    const ids = [await send(vodacom), await send(airtel), await send(yas)];
    for (const id of ids) await settles(id, 'delivered');
    expect(submitsTo(vodacom)).toEqual(['A']);
    expect(submitsTo(airtel)).toEqual(['B']);
    expect(submitsTo(yas)).toEqual(['C']);
    expect((await message(ids[0]!)).bind).toBe('vodacom-1');
    expect((await message(ids[1]!)).bind).toBe('airtel-1');
    const listed = (await request(env.app).get('/v1/messages').set(bearer(org.keys.live!.secret))).body.data.messages as { id: string; bind: string }[];
    expect(listed.find((m) => m.id === ids[2])!.bind).toBe('spare-1');
    const app = createServiceApp(env.deps, { surfaces: [mountGraphql] });
    const q = 'query ($id: ID!) { message(id: $id) { bind attempts { number bind } } }';
    const gql = await request(app).post('/graphql').set(bearer(org.keys.live!.secret)).send({ query: q, variables: { id: ids[0] } });
    expect(gql.body.data.message).toEqual({ bind: 'vodacom-1', attempts: [{ number: 1, bind: 'vodacom-1' }] });
  }, 30_000);

  it('a message from a handset comes in on its operator’s bind and is stored under that bind’s name', async () => {
    const code = await assignNumber(env, org.id);
    const vodacom = number('75');
    const airtel = number('68');
    sims.get('A')!.sendInbound({ from: vodacom.slice(1), to: code, text: 'Habari kutoka Vodacom' });
    sims.get('B')!.sendInbound({ from: airtel.slice(1), to: code, text: 'Habari kutoka Airtel' });
    const stored = () => env.sql<{ from_phone: string; bind: string; organization_id: string }>('select from_phone, bind, organization_id from inbound_messages where to_number = ? order by from_phone', [code]);
    await expect.poll(async () => (await stored()).length, { timeout: 10_000 }).toBe(2);
    expect(await stored()).toEqual([
      { from_phone: airtel, bind: 'airtel-1', organization_id: org.id },
      { from_phone: vodacom, bind: 'vodacom-1', organization_id: org.id },
    ].sort((x, y) => x.from_phone.localeCompare(y.from_phone)));
  }, 30_000);

  it('an operator with no route and no default bind waits; a second bind on the same SMSC account gets its receipts', async () => {
    const ttcl = await send(number('73'));
    const halotel = number('62');
    const id = await send(halotel);
    // Halotel goes by spare-2, a second bind to C's account: its receipts match whichever link of C they come on.
    await settles(id, 'delivered');
    expect(submitsTo(halotel)).toEqual(['C']);
    expect((await message(id)).bind).toBe('spare-2');
    expect((await message(ttcl)).status).toBe('accepted');
    expect((await env.sql<{ n: number }>('select count(*)::int as n from message_attempts where message_id = ?', [ttcl]))[0]!.n).toBe(0);
  }, 30_000);

  it('fails over before any write: A stopped, Vodacom goes by the fallback; ops binds shows A down with its error', async () => {
    await sims.get('A')!.close();
    await bindsShown((b) => b['vodacom-1']?.bound === 0);
    // The operator's own command, in its own process, reads the same.
    const shown = bindsByName((await opsOk(await testDatabaseUrl(), ['binds'])).binds);
    expect(shown['vodacom-1'].bound).toBe(0);
    expect(shown['airtel-1'].bound).toBe(1);
    expect(shown['vodacom-1'].last_error.message).toMatch(/SMPP/);
    expect(shown['vodacom-1'].processes[0].operators).toEqual([]);
    expect(shown['spare-1'].processes[0].operators).toEqual(['vodacom', 'yas']);
    expect(shown['vodacom-1'].config.url).not.toContain(':ujumbe@');
    const to = number('75');
    const id = await send(to);
    await settles(id, 'delivered');
    expect(submitsTo(to)).toEqual(['C']);
    expect((await message(id)).bind).toBe('spare-1');
  }, 40_000);

  it('without a fallback, messages wait at their bind while it is down, the other binds keep going, and all go when it is back', async () => {
    await sims.get('B')!.close();
    await bindsShown((b) => b['airtel-1']?.bound === 0);
    // A lane's worth of Airtel messages, claimed by their bind and waiting for its link (its submit timeout is 4 s).
    const airtel = Array.from({ length: 100 }, () => number('69'));
    const waiting = await Promise.all(airtel.map(send));
    const claimed = async () => (await env.sql<{ n: number }>('select count(*)::int as n from messages where id = any(?::uuid[]) and submit_started_at is not null', [`{${waiting.join(',')}}`]))[0]!.n;
    await expect.poll(claimed, { timeout: 10_000 }).toBe(100);
    // Meanwhile Vodacom (by its fallback, A being down) goes at once: the waiting lane holds no room of the others.
    const vodacom = Array.from({ length: 40 }, () => number('76'));
    const ids = await Promise.all(vodacom.map(send));
    for (const id of ids) await settles(id, 'delivered');
    expect(vodacom.flatMap(submitsTo)).toEqual(vodacom.map(() => 'C'));
    // Still claimed and waiting for the link, or handed back unwritten after the bind's submit timeout (a loaded
    // machine may take longer than that over the Vodacom messages): either way accepted, never written.
    const accepted = await env.sql<{ n: number }>("select count(*)::int as n from messages where id = any(?::uuid[]) and status = 'accepted'", [`{${waiting.join(',')}}`]);
    expect(accepted[0]!.n).toBe(100);
    expect(await env.sql("select 1 from message_attempts where message_id = any(?::uuid[]) and state <> 'not_sent'", [`{${waiting.join(',')}}`])).toEqual([]);
    expect(airtel.flatMap(submitsTo)).toEqual([]);
    // Never written, they go back to the queue; when B is back they go there, each once.
    await startSim('B');
    await bindsShown((b) => b['airtel-1']?.bound === 1);
    env.clock.advance(10_000);
    for (const id of waiting) await settles(id, 'delivered', 30_000);
    expect(airtel.flatMap(submitsTo)).toEqual(airtel.map(() => 'B'));
    const attempts = await env.sql<{ state: string; bind: string }>("select state, bind from message_attempts where message_id = any(?::uuid[]) and state <> 'not_sent'", [`{${waiting.join(',')}}`]);
    expect(attempts).toHaveLength(100);
    expect(attempts.every((a) => a.state === 'submitted' && a.bind === 'airtel-1')).toBe(true);
  }, 90_000);

  it('never again after an ambiguous submit: unanswered, then the bind drops; unknown, submitted once across every SMSC', async () => {
    await startSim('A');
    await bindsShown((b) => b['vodacom-1']?.bound === 1 && b['vodacom-1'].processes[0].operators.includes('vodacom'));
    const to = number('75', '93');
    const id = await send(to);
    await expect.poll(() => submitsTo(to).length, { timeout: 10_000 }).toBe(1);
    sims.get('A')!.dropConnections();
    await settles(id, 'unknown');
    // The fallback is up and A comes back: still never sent again.
    await new Promise((r) => setTimeout(r, 1500));
    env.clock.advance(10_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(submitsTo(to)).toEqual(['A']);
    expect((await message(id)).status).toBe('unknown');
  }, 60_000);

  it('a bind that stops mid-stream: what was written goes unknown there, what was not goes by the fallback, each number once', async () => {
    // A answers slowly: its window (20) fills, and the rest of its claim waits for a slot.
    await sims.get('A')!.close();
    await bindsShown((b) => b['vodacom-1']?.bound === 0);
    await startSim('A', 2000);
    await bindsShown((b) => b['vodacom-1']?.bound === 1 && b['vodacom-1'].processes[0].operators.includes('vodacom'));
    const numbers = Array.from({ length: 60 }, () => number('74'));
    const ids = await Promise.all(numbers.map(send));
    await expect.poll(() => numbers.filter((n) => submitsTo(n).length > 0).length, { timeout: 10_000 }).toBe(20);
    await sims.get('A')!.close();
    await bindsShown((b) => b['vodacom-1']?.bound === 0);
    // Those never written come back unsent and are due again after the pause; the fallback takes them.
    await new Promise((r) => setTimeout(r, 1000));
    env.clock.advance(10_000);
    const final = new Set(['delivered', 'unknown']);
    for (const id of ids) await expect.poll(async () => final.has((await message(id)).status), { timeout: 30_000, interval: 100 }).toBe(true);
    const atA = numbers.filter((n) => submitsTo(n).join() === 'A');
    const atC = numbers.filter((n) => submitsTo(n).join() === 'C');
    expect(atA.length + atC.length).toBe(60);
    expect(atA).toHaveLength(20);
    for (const [i, id] of ids.entries()) {
      const m = await message(id);
      expect(m.status).toBe(atA.includes(numbers[i]!) ? 'unknown' : 'delivered');
      expect(m.bind).toBe(atA.includes(numbers[i]!) ? 'vodacom-1' : 'spare-1');
    }
  }, 90_000);
});
