// Operator: move the test clock (CLOCK=test only); its offset lives in the database.
import type { Ctx } from '../context.ts';
import { exec, one } from '../../db/sql.ts';

async function offsetMs(ctx: Ctx): Promise<number> {
  const row = await one<{ clock_offset_ms: string }>(ctx.em, 'select clock_offset_ms from platform_settings where id');
  return Number(row?.clock_offset_ms ?? 0);
}

function view(offset: number) {
  return { clock: { now: new Date(Date.now() + offset).toISOString(), offset_ms: offset } };
}

async function store(ctx: Ctx, offset: number) {
  await exec(ctx.em, 'update platform_settings set clock_offset_ms = ? where id', [Math.round(offset)]);
  return view(Math.round(offset));
}

/** Adds in one statement, so advances made at the same moment add up. */
export async function advanceClock(ctx: Ctx, seconds: number) {
  const row = await one<{ clock_offset_ms: string }>(
    ctx.em,
    'update platform_settings set clock_offset_ms = clock_offset_ms + ? where id returning clock_offset_ms',
    [Math.round(seconds * 1000)],
  );
  return view(Number(row?.clock_offset_ms ?? 0));
}

export async function setClock(ctx: Ctx, at: Date) {
  return store(ctx, at.getTime() - Date.now());
}

export async function resetClock(ctx: Ctx) {
  return store(ctx, 0);
}

export async function readClock(ctx: Ctx) {
  const offset = await offsetMs(ctx);
  return { clock: { now: new Date(Date.now() + offset).toISOString(), offset_ms: offset } };
}
