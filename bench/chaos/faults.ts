// A run's faults: drawn from its seed (what, when, for how long, to whom), then done at those moments, each one
// undone (the process started again, the database back, the SMSC healthy) before the run is judged.
import type { Random } from './random.ts';
import type { ChaosDatabase } from './cluster.ts';
import type { ServiceProcess } from './processes.ts';
import type { SmscFaults, SmscSimulator } from '../../workers/providers/smsc-simulator.ts';

export type FaultKind =
  | 'kill9'
  | 'sigterm'
  | 'pg-stop'
  | 'pg-freeze'
  | 'smsc-drop'
  | 'smsc-outage'
  | 'smsc-split'
  | 'smsc-late'
  | 'smsc-errors'
  | 'smsc-throttle';

export interface PlannedFault {
  kind: FaultKind;
  atMs: number;
  durationMs: number;
  /** The process it hits (kill9, sigterm). */
  target?: string;
  /** What the SMSC does meanwhile (smsc-*). */
  smsc?: SmscFaults;
}

export interface FaultPlan {
  /** SMSC faults for the whole run: receipts early, twice, stray or on any link. */
  background: SmscFaults;
  events: PlannedFault[];
}

export interface FaultTargets {
  workers: string[];
  processes: string[];
}

const KINDS: readonly FaultKind[] = ['kill9', 'kill9', 'sigterm', 'pg-stop', 'pg-freeze', 'smsc-drop', 'smsc-outage', 'smsc-split', 'smsc-late', 'smsc-errors', 'smsc-throttle'];
const DATABASE: ReadonlySet<FaultKind> = new Set(['pg-stop', 'pg-freeze']);

function smscFaults(kind: FaultKind, random: Random, submitTimeoutMs: number): SmscFaults | undefined {
  switch (kind) {
    case 'smsc-drop':
      return { dropAfter: random.int(2, 8), answerJitterMs: 300 };
    case 'smsc-outage':
      return { down: true };
    case 'smsc-split':
      // Outages longer than the submit timeout, so a message's later parts are not sent at all.
      return { outageAfterFirstPartMs: submitTimeoutMs + random.int(500, 1500) };
    case 'smsc-late':
      return { lateFraction: 0.4, lateMs: submitTimeoutMs + random.int(300, 2000) };
    case 'smsc-errors':
      return { errorFraction: 0.3 };
    case 'smsc-throttle':
      return { throttle: true };
    default:
      return undefined;
  }
}

/** Two to four faults at moments of the traffic phase; at most one touches the database. */
export function planFaults(random: Random, phaseMs: number, targets: FaultTargets, submitTimeoutMs: number): FaultPlan {
  const background: SmscFaults = {
    receiptsOnAnyLink: random.chance(0.7),
    duplicateReceiptFraction: random.chance(0.5) ? 0.2 : 0,
    receiptFirstFraction: random.chance(0.5) ? 0.2 : 0,
    strayReceiptEveryMs: random.chance(0.5) ? 400 : 0,
  };
  const events: PlannedFault[] = [];
  for (let n = random.int(2, 4); n > 0; n--) {
    let kind = random.pick(KINDS);
    if (DATABASE.has(kind) && events.some((e) => DATABASE.has(e.kind))) kind = 'smsc-drop';
    const atMs = random.int(0, phaseMs);
    const durationMs = kind === 'kill9' || kind === 'sigterm' ? random.int(200, 2000) : random.int(1500, 5000);
    const target = kind === 'kill9' ? random.pick(targets.workers) : kind === 'sigterm' ? random.pick(targets.processes) : undefined;
    events.push({ kind, atMs, durationMs, target, smsc: smscFaults(kind, random, submitTimeoutMs) });
  }
  return { background, events: events.sort((a, b) => a.atMs - b.atMs) };
}

export function describeFault(f: PlannedFault): string {
  const at = `@${(f.atMs / 1000).toFixed(1)}s`;
  const span = `${(f.durationMs / 1000).toFixed(1)}s`;
  if (f.target) return `${f.kind} ${f.target} ${at} (down ${span})`;
  const detail = f.smsc?.dropAfter ? ` every ${f.smsc.dropAfter}` : '';
  return `${f.kind}${detail} ${at} for ${span}`;
}

export function describeBackground(b: SmscFaults): string {
  const parts = [
    b.receiptsOnAnyLink ? 'receipts-any-link' : '',
    b.duplicateReceiptFraction ? 'duplicate-receipts' : '',
    b.receiptFirstFraction ? 'receipt-first' : '',
    b.strayReceiptEveryMs ? 'stray-receipts' : '',
  ];
  return parts.filter(Boolean).join(',') || 'none';
}

export interface FaultWorld {
  db: ChaosDatabase;
  sim: SmscSimulator;
  fleet: ServiceProcess[];
}

/** What happened beyond the plan: a SIGTERM that needed SIGKILL, how long graceful stops took. */
export interface FaultNotes {
  forcedStops: string[];
  stopMs: number[];
}

/** Does the plan; resolves once every fault is over and undone. */
export async function runFaults(plan: FaultPlan, world: FaultWorld): Promise<FaultNotes> {
  const notes: FaultNotes = { forcedStops: [], stopMs: [] };
  const active = new Set<PlannedFault>();
  const applySmsc = () => world.sim.setFaults(Object.assign({}, plan.background, ...[...active].map((f) => f.smsc)));
  applySmsc();
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  await Promise.all(
    plan.events.map(async (f) => {
      await sleep(f.atMs);
      if (f.smsc) {
        active.add(f);
        applySmsc();
        await sleep(f.durationMs);
        active.delete(f);
        applySmsc();
      } else if (f.kind === 'pg-stop') {
        await world.db.stop();
        await sleep(f.durationMs);
        await world.db.start();
      } else if (f.kind === 'pg-freeze') {
        world.db.freeze();
        await sleep(f.durationMs);
        world.db.thaw();
      } else {
        const target = world.fleet.find((p) => p.name === f.target)!;
        const stopped = await target.kill(f.kind === 'kill9' ? 'SIGKILL' : 'SIGTERM');
        if (f.kind === 'sigterm') notes.stopMs.push(stopped.ms);
        if (stopped.forced) notes.forcedStops.push(`${target.name} (${stopped.ms} ms)`);
        await sleep(f.durationMs);
        await target.start();
      }
    }),
  );
  world.sim.setFaults({});
  return notes;
}
