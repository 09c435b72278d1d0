// `ops tick`: runs every time-driven transition that is due now (by the test clock when CLOCK=test).
import type { Command } from './args.ts';
import { runDueTransitions } from '../../core/app/tick.ts';

export const tickCommands: Command[] = [
  {
    name: 'tick',
    usage: 'tick',
    prepare() {
      return async (ctx) => ({ tick: await runDueTransitions(ctx) });
    },
  },
];
