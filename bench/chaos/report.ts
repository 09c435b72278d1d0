// What the harness prints: a line (and the violations' examples) per run, then the summary of the series.
import type { RunReport } from './scenario.ts';
import { CHECKS, type CheckName } from './violations.ts';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)}s`;
const pairs = (o: Record<string, number>) => Object.entries(o).map(([k, v]) => `${k}=${v}`).join(' ');

export function runLines(index: number, runs: number, r: RunReport): string[] {
  const violations = [...r.violations.counts].map(([k, v]) => `${k}=${v}`).join(' ') || 'none';
  const settled = r.settledAfterMs === null ? 'not settled within the bound' : `settled ${seconds(r.settledAfterMs)} after the faults`;
  const phases = `setup ${seconds(r.phases.setupMs)}, faults ${seconds(r.phases.faultsMs)}, settle ${seconds(r.phases.settleMs)}`;
  const lines = [
    `run ${index}/${runs} seed=${r.seed} faults=[${r.faults.join('; ')}] smsc=${r.background}`,
    `  sends ${pairs(r.counts)} | retried on ${pairs(r.retries) || 'nothing'} | smsc ${pairs(r.smsc)} | statuses ${pairs(r.statuses)} | binds ${pairs(r.binds)} | ${settled} | violations: ${violations} | ${seconds(r.ms)} (${phases})`,
  ];
  lines.push(`  paybill ${pairs(r.payments)} | push ${pairs(r.pushes)}`, `  from handsets ${pairs(r.inbound) || 'none'}`);
  if (r.lastWaiting) lines.push(`  last waited for: ${r.lastWaiting}`);
  if (r.crashes.length) lines.push(...r.crashes.map((c) => `  crashed: ${c.name} (exit ${c.code ?? c.signal}): ${c.tail.slice(0, 300)}`));
  if (r.notes.stopMs.length) lines.push(`  SIGTERM to exit: ${r.notes.stopMs.map(seconds).join(', ')}`);
  if (r.notes.forcedStops.length) lines.push(`  SIGTERM needed SIGKILL: ${r.notes.forcedStops.join(', ')}`);
  for (const [check, examples] of r.violations.examples) lines.push(...examples.map((e) => `  ${check}: ${e}`));
  return lines;
}

export function summaryLines(reports: RunReport[], totalMs: number): string[] {
  const byCheck = new Map<CheckName, { count: number; seeds: number[] }>();
  for (const r of reports) {
    for (const [check, count] of r.violations.counts) {
      const entry = byCheck.get(check) ?? { count: 0, seeds: [] };
      entry.count += count;
      entry.seeds.push(r.seed);
      byCheck.set(check, entry);
    }
  }
  const failed = reports.filter((r) => r.violations.total() > 0);
  const crashes = reports.reduce((n, r) => n + r.crashes.length, 0);
  const lines = [
    '',
    `chaos: ${reports.length} runs, ${failed.length} with violations, ${crashes} process crashes, ${seconds(totalMs)} in all (${seconds(totalMs / Math.max(1, reports.length))} a run)`,
  ];
  const total = (pick: (r: RunReport) => Record<string, number>) => {
    const sum: Record<string, number> = {};
    for (const r of reports) for (const [k, n] of Object.entries(pick(r))) sum[k] = (sum[k] ?? 0) + n;
    return pairs(sum);
  };
  lines.push(`  paybill in all: ${total((r) => r.payments)}`, `  push in all: ${total((r) => r.pushes)}`, `  from handsets in all: ${total((r) => r.inbound)}`);
  for (const check of Object.keys(CHECKS) as CheckName[]) {
    const entry = byCheck.get(check);
    const seeds = entry ? `${entry.seeds.slice(0, 10).join(', ')}${entry.seeds.length > 10 ? ` and ${entry.seeds.length - 10} more` : ''}` : '';
    lines.push(`  ${entry ? 'FAIL' : 'ok  '} ${check}: ${entry ? `${entry.count} in ${entry.seeds.length} runs (seeds ${seeds})` : '0'} (${CHECKS[check]})`);
  }
  if (failed.length) lines.push(`repeat one: npm run chaos -- --seed ${failed[0]!.seed}`);
  return lines;
}
