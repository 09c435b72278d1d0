// A failed sign-in takes as long whether the email exists or not (issue 22, row 5), seen through a database
// 15 ms away (as on another host): a statement only a known email makes would show as a round trip more.
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createOrm } from '../../core/db/orm.ts';
import { createRestApp } from '../../rest-facade/app.ts';
import { testDatabaseUrl } from '../support/db.ts';
import { createOrg, setupTestEnv } from '../support/app.ts';

const ONE_WAY_MS = 15;

/** A TCP relay to PostgreSQL that holds every chunk ONE_WAY_MS each way (same delays keep their order). */
async function distantDatabase(url: string): Promise<string> {
  const target = new URL(url);
  const [host, port] = [target.hostname, Number(target.port)];
  const server = net.createServer((client) => {
    const upstream = net.connect(port, host);
    const relay = (from: net.Socket, to: net.Socket) => from.on('data', (chunk) => setTimeout(() => to.writable && to.write(chunk), ONE_WAY_MS));
    for (const s of [client, upstream]) s.setNoDelay(true);
    relay(client, upstream);
    relay(upstream, client);
    const close = () => (client.destroy(), upstream.destroy());
    for (const s of [client, upstream]) s.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  target.hostname = '127.0.0.1';
  target.port = String((server.address() as net.AddressInfo).port);
  return target.toString();
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2;
};

describe('sign-in timing', () => {
  it('a wrong password for a known email and any password for an unknown one: medians within half a round trip', async () => {
    // Back-off is off (setupTestEnv's free failures): every attempt is checked.
    const env = await setupTestEnv();
    const owner = (await createOrg(env, { keys: {} })).members.owner!;
    const orm = await createOrm(await distantDatabase(await testDatabaseUrl()), { poolMax: 4 });
    afterAll(() => orm.close());
    const app = createRestApp({ ...env.deps, orm }, { logger: { error: (m, e) => console.error(m, e) } });
    const timed = async (email: string) => {
      const started = process.hrtime.bigint();
      const res = await request(app).post('/v1/auth/sign-in').send({ email, password: 'not-the-password-at-all' });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      expect(res.status).toBe(401);
      return ms;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    const differences: number[] = [];
    // Interleaved, so whatever else loads the machine weighs on both kinds alike; the first pairs warm up
    // (connections, the decoy hash, JIT) and are dropped. Each email fails again and again, as an enumerating
    // probe's would: both kinds update their failure count rather than one inserting it.
    for (let i = 0; i < 45; i++) {
      const k = await timed(owner.email);
      const u = await timed('nobody@example.com');
      if (i >= 5) known.push(k), unknown.push(u), differences.push(k - u);
    }
    const [mk, mu] = [median(known), median(unknown)];
    // The median of each pair's difference: a pair's two sign-ins run under the same load, so a busy machine (the
    // password hash is most of the time) moves both alike and drops out, where two separate medians would each carry it.
    const gap = Math.abs(median(differences));
    // A statement only one kind makes costs a round trip (2 x ONE_WAY_MS); tolerance is half of that.
    expect(gap, `median known ${mk.toFixed(1)} ms, unknown ${mu.toFixed(1)} ms (median of the pairs' differences ${gap.toFixed(1)} ms)`).toBeLessThan(ONE_WAY_MS);
  }, 60_000);

  it("the failure counts are a logged table: an unknown email's failure waits for the same WAL flush as a known one's audit event", async () => {
    const env = await setupTestEnv();
    const [t] = await env.sql<{ relpersistence: string }>("select relpersistence from pg_class where oid = 'sign_in_failures'::regclass");
    expect(t!.relpersistence).toBe('p');
  });
});
