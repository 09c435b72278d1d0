// Operator: move the test clock (CLOCK=test only); its offset lives in the database.
import type { Ctx } from '../context.ts';
import { addToClockOffset, readClockOffset, writeClockOffset } from '../../db/platform/settings.ts';
import { wakeTimers } from '../../db/jobs/timer-jobs.ts';

function view(offset: number) {
  return { clock: { now: new Date(Date.now() + offset).toISOString(), offset_ms: offset } };
}

async function store(ctx: Ctx, offset: number) {
  await writeClockOffset(ctx.em, Math.round(offset));
  await wakeTimers(ctx.em);
  return view(Math.round(offset));
}

/** Adds in one statement, so advances made at the same moment add up. */
export async function advanceClock(ctx: Ctx, seconds: number) {
  const offset = await addToClockOffset(ctx.em, Math.round(seconds * 1000));
  await wakeTimers(ctx.em);
  return view(offset);
}

export async function setClock(ctx: Ctx, at: Date) {
  return store(ctx, at.getTime() - Date.now());
}

export async function resetClock(ctx: Ctx) {
  return store(ctx, 0);
}

export async function readClock(ctx: Ctx) {
  const offset = await readClockOffset(ctx.em);
  return { clock: { now: new Date(Date.now() + offset).toISOString(), offset_ms: offset } };
}
