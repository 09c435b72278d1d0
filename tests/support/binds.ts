// What the tests of several binds share: live messages sent by the organization's key and followed to their end,
// fresh numbers of an operator's prefix, which simulator each number reached, and what `ops binds` shows.
import request from 'supertest';
import { expect } from 'vitest';
import type { SimulatedSubmit } from '../../workers/providers/smsc-simulator.ts';
import { listBinds } from '../../core/app/binds/list-binds.ts';
import { bearer, type OrgFixture, type TestEnv } from './app.ts';

/** `world` gives the file's environment and organization once its beforeAll has made them. */
export function bindsKit(world: () => { env: TestEnv; org: OrgFixture }, submits: readonly { sim: string; submit: SimulatedSubmit }[]) {
  let serial = 0;
  const key = () => bearer(world().org.keys.live!.secret);
  const message = async (id: string) => (await request(world().env.app).get(`/v1/messages/${id}`).set(key())).body.data as Record<string, any>;
  return {
    /** A fresh number of the operator's prefix, ending in the simulator's outcome digits. */
    number(prefix: string, last2 = '10'): string {
      serial += 1;
      return `+255${prefix}${String(serial).padStart(5, '0')}${last2}`;
    },
    async send(to: string): Promise<string> {
      const res = await request(world().env.app).post('/v1/messages').set(key()).set('X-Idempotency-Key', `k-${to}`).send({ to, from: 'UJUMBE', body: 'Habari', client_ref: `r-${to}` });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      return res.body.data.id as string;
    },
    message,
    async settles(id: string, status: string, timeoutMs = 15_000) {
      await expect.poll(async () => (await message(id)).status, { timeout: timeoutMs, interval: 50 }).toBe(status);
      return message(id);
    },
    /** The simulators a number's submits reached, in order. */
    submitsTo: (to: string) => submits.filter((s) => s.submit.destinationAddr === to.slice(1)).map((s) => s.sim),
    /** What `ops binds` shows, by bind name (its summed state, its configuration, its processes), once `until` holds. */
    async bindsShown(until: (binds: Record<string, any>) => boolean, timeoutMs = 20_000): Promise<Record<string, any>> {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const shown = bindsByName((await listBinds(await world().env.ctx())).binds);
        if (until(shown)) return shown;
        if (Date.now() > end) throw new Error(`binds never as expected: ${JSON.stringify(shown)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
  };
}

/** `ops binds`' list by bind name: its summed state, its configuration and its processes. */
export const bindsByName = (binds: any[]): Record<string, any> => Object.fromEntries(binds.map((b) => [b.name, { ...b.state.total, config: b, processes: b.state.by_process }]));
