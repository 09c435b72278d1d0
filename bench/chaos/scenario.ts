// One run: its traffic under its seeded faults, then the wait for the system to settle (at most the bound after the
// faults end) and the checks against the database and the SMSC's record.
import type { World } from './world.ts';
import type { PreparedRun } from './prepare.ts';
import { sendAll } from './traffic.ts';
import { describeBackground, describeFault, runFaults, type FaultNotes } from './faults.ts';
import { readSnapshot, type Snapshot } from './snapshot.ts';
import { checkAccepted, checkParts, checkSettled, openAfterReceipts } from './check-delivery.ts';
import { checkMoney } from './check-money.ts';
import { checkPayments, paymentCounts } from './check-payments.ts';
import { payAll } from './paybill.ts';
import { pushAll } from './push.ts';
import { checkPushes, pushCounts } from './check-push.ts';
import { Violations } from './violations.ts';
import { runCounts } from './counts.ts';
import type { Crash } from './processes.ts';
import { sendInboundAll, type SentInbound } from './inbound.ts';
import { readInbound, type InboundSnapshot } from './inbound-db.ts';
import { checkInbound, inboundCounts, inboundWaiting } from './check-inbound.ts';

export interface RunReport {
  seed: number;
  faults: string[];
  background: string;
  counts: Record<string, number>;
  statuses: Record<string, number>;
  /** Messages by the bind that took them last. */
  binds: Record<string, number>;
  /** What the SMSC did during the run: submits, drops, faulted submits by fault, receipts resent, duplicated, stray. */
  smsc: Record<string, number>;
  /** Money in at the paybill: notices posted, answered, duplicated on purpose, and the rows kept. */
  payments: Record<string, number>;
  /** Push payments asked for and where they ended. */
  pushes: Record<string, number>;
  /** Messages from handsets: sent, parts, resent, acknowledged, stored, and the opt-outs they left. */
  inbound: Record<string, number>;
  /** Why requests were sent again: the status or the connection error, with how often. */
  retries: Record<string, number>;
  violations: Violations;
  crashes: Crash[];
  notes: FaultNotes;
  /** From the end of the faults to the last message settled; null when the bound came first. */
  settledAfterMs: number | null;
  /** What was still waiting at the last look before it settled (or at the bound). */
  lastWaiting: string | null;
  /** Time spent making the organizations and the campaign, under faults, and waiting to settle. */
  phases: { setupMs: number; faultsMs: number; settleMs: number };
  ms: number;
}

const TRAFFIC_DEADLINE_MS = 90_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function flatStats(world: World): Record<string, number> {
  const { faulted, maxOutstanding: _max, binds: _binds, ...rest } = world.sim.stats();
  return { ...rest, ...faulted };
}

function waitingFor(unstored: SentInbound[]): string | undefined {
  const m = unstored[0];
  return m && `message from a handset ${m.smscMessageRef} (${m.parts} parts to ${m.to}) not stored`;
}

/** Runs a prepared run; `onSettling` is called when its faults are over (the next run may be prepared meanwhile). */
export async function runPrepared(world: World, run: PreparedRun, onSettling: () => void = () => {}): Promise<RunReport> {
  const { options, organizations, campaign } = run;
  const crashesBefore = world.crashes.length;
  world.setRandom(run.smscRandom);
  const smscBefore = flatStats(world);
  const phase = Date.now();
  const launched = campaign?.launch(() => world.apis(), phase + TRAFFIC_DEADLINE_MS);
  const traffic = sendAll(() => world.apis(), organizations, run.sends, TRAFFIC_DEADLINE_MS);
  const paying = payAll(() => world.apis(), world.paymentsCallbackSecret, run.notices, TRAFFIC_DEADLINE_MS);
  const pushing = run.pushes ? pushAll(() => world.apis(), run.pushes, TRAFFIC_DEADLINE_MS) : Promise.resolve([]);
  const handsets = run.inbound ? sendInboundAll(world.sim, world.inbound, run.inbound.messages) : Promise.resolve([]);
  const notes = await runFaults(run.faults, { db: world.db, sim: world.sim, fleet: world.fleet });
  await world.allUp();
  const [sent, launch, paid, pushed, fromHandsets] = await Promise.all([traffic, launched, paying, pushing, handsets]);
  const transactionIds = paid.map((n) => n.transactionId);
  const faultsEnded = Date.now();
  onSettling();

  // Polled until nothing waits or the bound passes; a message its receipts decided but still open past the
  // receipt bound is noted when seen.
  const late = new Map<string, string>();
  let snapshot: Snapshot;
  let inbound: InboundSnapshot = { messages: [], optOuts: [] };
  const orgIds = organizations.map((o) => o.id);
  let settledAfterMs: number | null = null;
  let lastWaiting: string | null = null;
  for (;;) {
    snapshot = await readSnapshot(world.pool, orgIds, world.recorder.strayIds(), transactionIds);
    if (run.inbound) inbound = await readInbound(world.pool, run.inbound, orgIds);
    const unstored = inboundWaiting(fromHandsets, inbound);
    const now = Date.now();
    const decided = openAfterReceipts(snapshot, world.recorder);
    for (const w of decided) {
      const due = Math.max(w.decidedAt, faultsEnded) + options.receiptBoundMs;
      if (now >= due && !late.has(w.message.id)) late.set(w.message.id, `${w.message.id} still ${w.message.status} ${((now - w.decidedAt) / 1000).toFixed(1)}s after its receipts were acknowledged; ${w.stats}`);
    }
    const pending = new Violations();
    checkSettled(snapshot, world.recorder, pending, new Map());
    const left = (pending.counts.get('not-settled') ?? 0) + decided.length + unstored.length;
    if (left === 0) {
      settledAfterMs = now - faultsEnded;
      break;
    }
    lastWaiting = `${left}, e.g. ${pending.examples.get('not-settled')?.[0] ?? waitingFor(unstored) ?? `${decided[0]!.message.id} ${decided[0]!.message.status} after its receipts; ${decided[0]!.stats}`}`;
    if (now - faultsEnded >= options.boundMs) break;
    await sleep(1000);
  }
  const violations = new Violations();
  checkAccepted(sent, snapshot, violations);
  checkParts(snapshot, world.recorder, violations);
  checkSettled(snapshot, world.recorder, violations, late);
  checkMoney(snapshot, violations);
  checkPayments(paid, snapshot, violations);
  checkPushes(pushed, snapshot, violations);
  await world.inbound.settled();
  checkInbound(fromHandsets, inbound, world.inbound, violations);

  const smscAfter = flatStats(world);
  const { counts, statuses, binds, retries } = runCounts(sent, snapshot, world.recorder, campaign?.phones.length ?? 0, launch?.status ?? 0);
  return {
    seed: options.seed,
    faults: run.faults.events.map(describeFault),
    background: describeBackground(run.faults.background),
    counts,
    statuses,
    binds,
    smsc: Object.fromEntries(Object.entries(smscAfter).map(([k, v]) => [k, v - (smscBefore[k] ?? 0)]).filter(([, v]) => v !== 0)),
    payments: paymentCounts(paid, snapshot),
    pushes: pushCounts(pushed, snapshot),
    inbound: inboundCounts(fromHandsets, inbound, world.inbound),
    retries,
    violations,
    crashes: world.crashes.slice(crashesBefore),
    notes,
    settledAfterMs,
    lastWaiting,
    phases: { setupMs: run.setupMs, faultsMs: faultsEnded - phase, settleMs: Date.now() - faultsEnded },
    ms: run.setupMs + (Date.now() - phase),
  };
}
