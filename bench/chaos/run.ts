// `npm run chaos [-- --runs N] [--seed S] [--messages M] [--notices P] [--pushes Q] [--inbound I]`: the fault harness. Starts the real processes on a
// database of its own, runs seeded fault scenarios against them, prints each run and exits non-zero on a violation.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { runSeed } from './random.ts';
import { startWorld, type WorldOptions } from './world.ts';
import { prepareRun, type PreparedRun, type RunOptions } from './prepare.ts';
import { runPrepared, type RunReport } from './scenario.ts';
import { runLines, summaryLines } from './report.ts';

export interface SeriesOptions extends Omit<RunOptions, 'seed'> {
  runs: number;
  /** Seed of the first run; the others follow from it. */
  seed: number;
  world: WorldOptions;
  print: (line: string) => void;
}

export const DEFAULTS = {
  runs: 3,
  messages: 40,
  notices: 12,
  pushes: 4,
  inbound: 14,
  campaignSize: 8,
  phaseMs: 8_000,
  boundMs: 60_000,
  receiptBoundMs: 10_000,
  world: { apis: 2, workers: 3, submitTimeoutMs: 1_500, dlrDelayMs: 200, tps: 20 },
} as const;

/** Runs a series on one world (started once, its processes killed and started again by the runs). */
export async function runSeries(options: SeriesOptions): Promise<RunReport[]> {
  const started = Date.now();
  const world = await startWorld(options.world);
  options.print(`chaos: world up in ${((Date.now() - started) / 1000).toFixed(1)}s (${world.fleet.map((p) => p.name).join(', ')}; SMSC ${world.sim.url})`);
  const reports: RunReport[] = [];
  const runOptions = (i: number): RunOptions => ({ ...options, seed: options.runs === 1 ? options.seed : runSeed(options.seed, i) });
  try {
    let prepared: Promise<PreparedRun> = prepareRun(world, runOptions(0));
    for (let i = 0; i < options.runs; i++) {
      let next: Promise<PreparedRun> | null = null;
      // The next run's organizations are made while this one settles: the wait is mostly for the service's timers.
      const report = await runPrepared(world, await prepared, () => {
        if (i + 1 < options.runs) {
          next = prepareRun(world, runOptions(i + 1));
          next.catch(() => {});
        }
      });
      reports.push(report);
      for (const line of runLines(i + 1, options.runs, report)) options.print(line);
      if (next) prepared = next;
    }
  } finally {
    await world.close();
  }
  for (const line of summaryLines(reports, Date.now() - started)) options.print(line);
  return reports;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string' },
      seed: { type: 'string' },
      messages: { type: 'string' },
      notices: { type: 'string' },
      pushes: { type: 'string' },
      inbound: { type: 'string' },
      campaign: { type: 'string' },
      'bound-ms': { type: 'string' },
      'phase-ms': { type: 'string' },
      'receipt-bound-ms': { type: 'string' },
    },
  });
  const number = (value: string | undefined, fallback: number) => (value === undefined ? fallback : Number(value));
  // --seed alone repeats that one run; with --runs it starts a series.
  const runs = number(values.runs, values.seed !== undefined ? 1 : DEFAULTS.runs);
  const reports = await runSeries({
    runs,
    seed: number(values.seed, Math.floor(Math.random() * 2 ** 31)),
    messages: number(values.messages, DEFAULTS.messages),
    notices: number(values.notices, DEFAULTS.notices),
    pushes: number(values.pushes, DEFAULTS.pushes),
    inbound: number(values.inbound, DEFAULTS.inbound),
    campaignSize: number(values.campaign, DEFAULTS.campaignSize),
    phaseMs: number(values['phase-ms'], DEFAULTS.phaseMs),
    boundMs: number(values['bound-ms'], DEFAULTS.boundMs),
    receiptBoundMs: number(values['receipt-bound-ms'], DEFAULTS.receiptBoundMs),
    world: { ...DEFAULTS.world },
    print: (line) => process.stdout.write(`${line}\n`),
  });
  process.exit(reports.some((r) => r.violations.total() > 0) ? 1 : 0);
}
