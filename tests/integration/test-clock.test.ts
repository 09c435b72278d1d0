// The database test clock (CLOCK=test): its offset lives in platform_settings and every read sees the latest move.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../core/app/clock.ts';
import { databaseTestClock } from '../../core/app/clock.ts';
import { advanceClock, readClock, resetClock, setClock } from '../../core/app/platform/test-clock.ts';
import { setupTestEnv, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let clock: Clock;

/** Real time passes while the test runs: allow this much drift. */
const TOLERANCE_MS = 2_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function expectNear(actual: Date, expected: number) {
  expect(Math.abs(actual.getTime() - expected), `${actual.toISOString()} vs ${new Date(expected).toISOString()}`).toBeLessThanOrEqual(TOLERANCE_MS);
}

async function storedOffset(): Promise<number> {
  const [row] = await env.sql<{ clock_offset_ms: string }>('select clock_offset_ms from platform_settings where id');
  return Number(row?.clock_offset_ms);
}

beforeAll(async () => {
  env = await setupTestEnv();
  clock = databaseTestClock(env.orm.em);
});

afterEach(async () => {
  await resetClock(await env.ctx());
});

describe('databaseTestClock', () => {
  it('reads real time while no offset is stored', async () => {
    expect(await storedOffset()).toBe(0);
    expectNear(await clock.now(), Date.now());
  });

  it('follows advanceClock, and advances add up', async () => {
    const first = await advanceClock(await env.ctx(), 3_600);
    expect(first.clock.offset_ms).toBe(HOUR);
    expectNear(await clock.now(), Date.now() + HOUR);
    const second = await advanceClock(await env.ctx(), 86_400);
    expect(second.clock.offset_ms).toBe(HOUR + DAY);
    expect(await storedOffset()).toBe(HOUR + DAY);
    expectNear(await clock.now(), Date.now() + HOUR + DAY);
    expectNear(new Date(second.clock.now), Date.now() + HOUR + DAY);
  });

  it('advances made at the same moment all count (the CLI and the server may both move it)', async () => {
    const n = 5;
    const before = await storedOffset();
    // Hold back writes to platform_settings (SHARE blocks updates, not reads) until every advance is
    // waiting on a lock, then let them go: the interleaving two operators running the CLI can hit.
    let pending: Promise<unknown>[] = [];
    await env.orm.em.fork().transactional(async (em) => {
      await em.execute('lock table platform_settings in share mode');
      pending = Array.from({ length: n }, async () => advanceClock(await env.ctx(), 60));
      for (let i = 0; ; i++) {
        const [w] = await env.sql<{ n: string }>(
          "select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        if (Number(w?.n) >= n) break;
        if (i > 200) throw new Error(`only ${w?.n} of ${n} advances are waiting`);
        await new Promise((r) => setTimeout(r, 25));
      }
    });
    await Promise.all(pending);
    expect(await storedOffset()).toBe(before + n * 60_000);
    expectNear(await clock.now(), Date.now() + before + n * 60_000);
  });

  it('advances by fractions and negative amounts too', async () => {
    await advanceClock(await env.ctx(), 1.5);
    expect(await storedOffset()).toBe(1_500);
    await advanceClock(await env.ctx(), -7_200);
    expect(await storedOffset()).toBe(1_500 - 2 * HOUR);
    expectNear(await clock.now(), Date.now() + 1_500 - 2 * HOUR);
  });

  it.each(['2030-06-15T12:00:00Z', '2026-11-22T04:59:00Z', '2001-01-01T00:00:00Z'])('follows setClock(%s)', async (at) => {
    const target = new Date(at).getTime();
    const result = await setClock(await env.ctx(), new Date(at));
    expectNear(new Date(result.clock.now), target);
    expectNear(await clock.now(), target);
    // It keeps running from there rather than standing still.
    await new Promise((r) => setTimeout(r, 50));
    const later = await clock.now();
    expect(later.getTime()).toBeGreaterThanOrEqual(target + 50 - TOLERANCE_MS);
    expectNear(later, target + 50);
  });

  it('setClock then advanceClock moves on from the set time', async () => {
    const target = new Date('2030-01-01T00:00:00Z').getTime();
    await setClock(await env.ctx(), new Date(target));
    await advanceClock(await env.ctx(), 600);
    expectNear(await clock.now(), target + 600_000);
  });

  it('resetClock brings it back to real time', async () => {
    await advanceClock(await env.ctx(), 10 * 86_400);
    expectNear(await clock.now(), Date.now() + 10 * DAY);
    const result = await resetClock(await env.ctx());
    expect(result.clock.offset_ms).toBe(0);
    expect(await storedOffset()).toBe(0);
    expectNear(await clock.now(), Date.now());
  });

  it('readClock reports the stored offset and the shifted time', async () => {
    await advanceClock(await env.ctx(), 120);
    const { clock: read } = await readClock(await env.ctx());
    expect(read.offset_ms).toBe(120_000);
    expectNear(new Date(read.now), Date.now() + 120_000);
  });

  it('reads the offset on every call: a change written by another connection is seen at once', async () => {
    await env.sql('update platform_settings set clock_offset_ms = ? where id', [5 * DAY]);
    expectNear(await clock.now(), Date.now() + 5 * DAY);
    await env.sql('update platform_settings set clock_offset_ms = ? where id', [-3 * DAY]);
    expectNear(await clock.now(), Date.now() - 3 * DAY);
  });

  it('two clocks on the same database agree, as the CLI and the server must', async () => {
    const other = databaseTestClock(env.orm.em.fork());
    await setClock(await env.ctx(), new Date('2029-03-01T08:00:00Z'));
    const [a, b] = await Promise.all([clock.now(), other.now()]);
    expect(Math.abs(a.getTime() - b.getTime())).toBeLessThanOrEqual(TOLERANCE_MS);
    expectNear(a, new Date('2029-03-01T08:00:00Z').getTime());
  });
});
