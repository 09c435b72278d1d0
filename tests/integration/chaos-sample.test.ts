// A short seeded sample of the fault harness (`npm run chaos`, bench/chaos): the real processes on a database of
// their own, a fault-injecting SMSC, kills and outages at the seed's moments; every check must hold.
import { describe, expect, it } from 'vitest';
import { DEFAULTS, runSeries } from '../../bench/chaos/run.ts';

// A smaller world than the full harness (one API replica, one worker replica beside `npm start`) so that the sample
// fits in two minutes on two cores; the runs, faults and checks are the harness's own.
const SAMPLE = {
  runs: 1,
  seed: 20_261_126,
  messages: 16,
  campaignSize: 6,
  phaseMs: 6_000,
  boundMs: 45_000,
  receiptBoundMs: DEFAULTS.receiptBoundMs,
  world: { ...DEFAULTS.world, apis: 1, workers: 1 },
};

describe('the fault harness, a short seeded sample', () => {
  it(`run of seed ${SAMPLE.seed}: every 202 once, no part taken in twice, all settled in time, the money right`, async () => {
    const lines: string[] = [];
    const reports = await runSeries({
      ...SAMPLE,
      print: (line) => {
        lines.push(line);
        process.stdout.write(`${line}\n`);
      },
    });
    expect(reports).toHaveLength(SAMPLE.runs);
    const found = reports.flatMap((r) => [...r.violations.counts].map(([check, n]) => `${check}=${n} (seed ${r.seed})`));
    expect(found, lines.join('\n')).toEqual([]);
  }, 170_000);
});
