// `ops clock ...`: moves the test clock that the server and the CLI share (CLOCK=test only).
import { z } from 'zod';
import type { Command } from './args.ts';
import { check, integer, required } from './args.ts';
import { advanceClock, resetClock, setClock } from '../../core/app/platform/test-clock.ts';

// Ten years: far enough for any expiry or retention rule, small enough to stay a valid Date.
const MAX_SECONDS = 10 * 366 * 86_400;

export const clockCommands: Command[] = [
  {
    name: 'clock advance',
    usage: 'clock advance --seconds N',
    flags: { seconds: 'value' },
    testClockOnly: true,
    prepare(args) {
      // Only forwards: going back is `clock set` or `clock reset`, so a typo cannot rewind time.
      const seconds = check(z.bigint().min(0n).max(BigInt(MAX_SECONDS)), integer('seconds', required(args, 'seconds')), 'seconds');
      return (ctx) => advanceClock(ctx, Number(seconds));
    },
  },
  {
    name: 'clock set',
    usage: 'clock set --at 2026-11-22T09:00:00Z',
    flags: { at: 'value' },
    testClockOnly: true,
    prepare(args) {
      const at = new Date(check(z.iso.datetime({ offset: true }), required(args, 'at'), 'at'));
      return (ctx) => setClock(ctx, at);
    },
  },
  {
    name: 'clock reset',
    usage: 'clock reset',
    testClockOnly: true,
    prepare() {
      return (ctx) => resetClock(ctx);
    },
  },
];
