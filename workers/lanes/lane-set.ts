// The lanes of one dispatcher, by bind. Given a bind source, they follow the binds' configuration as the routing
// reads it every second (core/domain/lane-plan.ts): a bind added gets a lane, a removed one's lane stops, and a
// changed one's lane is replaced, the old one stopping while the new one starts. A lane stops exactly as every lane
// does at a worker's stop: it writes nothing more (its claims not yet written go back to the queue, for whichever
// lane carries them now), its written submits wait for their answers, the receipts and messages from handsets it
// read are stored and acknowledged, and then its links are unbound. A claim is only ever written by the lane that
// made it, so no message goes out on both.
import type { LaneConfig } from '../../core/app/binds/lane-configs.ts';
import type { LaneSettings } from '../../core/domain/lane-plan.ts';
import { lanePlan } from '../../core/domain/lane-plan.ts';
import type { Poller } from '../poller.ts';
import type { BindSource } from './bind-source.ts';
import type { BindProviders, Lane } from './lane.ts';

/** At a lane's stop, how long receipts read but not yet stored may take to be stored and acknowledged. */
export const STOP_RECEIPTS_MS = 5_000;
/** Beyond its submit timeout, how long a stopping lane waits for its written submits' answers. */
const ANSWER_GRACE_MS = 2_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface LaneParts {
  make(providers: BindProviders): Lane;
  /** Its claim loop, started. */
  claim(lane: Lane): Poller;
  /** Its providers listened to (receipts, messages from handsets); returns what stops each. */
  listen(lane: Lane): Array<() => void>;
}

interface Running {
  lane: Lane;
  providers: BindProviders;
  /** The settings it was made from; null for lanes given at the start, which never change. */
  settings: LaneSettings | null;
  claims: Poller;
  unlisten: Array<() => void>;
  stopped: Promise<void> | null;
}

export function createLaneSet(parts: LaneParts, source: BindSource | null, fixed: readonly BindProviders[]) {
  const active = new Map<string, Running>();
  const retiring = new Set<Promise<void>>();
  /** The binds configured as last read: a lane's bind is gone when it is not among them. */
  let wanted = new Set<string>();
  let closed = false;

  function start(providers: BindProviders, settings: LaneSettings | null): void {
    const lane = parts.make(providers);
    active.set(lane.bind, { lane, providers, settings, unlisten: parts.listen(lane), claims: parts.claim(lane), stopped: null });
  }

  function stop(run: Running): Promise<void> {
    run.stopped ??= (async () => {
      run.lane.close();
      await run.claims.stop();
      const deadline = performance.now() + run.lane.submitTimeoutMs + ANSWER_GRACE_MS;
      while (run.lane.inFlight() > 0 && performance.now() < deadline) await sleep(10);
      await Promise.all(run.lane.providers.map((p) => p.drain(STOP_RECEIPTS_MS)));
      for (const stopTaking of run.unlisten) stopTaking();
    })();
    return run.stopped;
  }

  /** While the dispatcher runs: the lane stops in the background, then the source closes its links. */
  function retire(run: Running): void {
    if (active.get(run.lane.bind) === run) active.delete(run.lane.bind);
    const done = stop(run)
      .then(() => source!.release(run.providers, !wanted.has(run.lane.bind) && !active.has(run.lane.bind)))
      .catch((err: unknown) => {
        process.stderr.write(`lane of bind ${run.lane.bind} did not close cleanly: ${String(err)}\n`);
      });
    retiring.add(done);
    void done.finally(() => retiring.delete(done));
  }

  for (const providers of fixed) start(providers, null);

  return {
    /** The lanes carrying messages now (a stopping one is no longer among them). */
    lanes: (): Lane[] => [...active.values()].map((r) => r.lane),
    /** The lanes made to match the binds configured now (nothing without a source). */
    async follow(configs: readonly LaneConfig[]): Promise<void> {
      if (!source || closed) return;
      wanted = new Set(configs.map((c) => c.name));
      const plan = lanePlan([...active.values()].map((r) => r.settings!), configs);
      for (const name of plan.stop) retire(active.get(name)!);
      for (const config of [...plan.replace, ...plan.start]) {
        await source.prepare(config);
        if (closed) return;
        const old = active.get(config.name);
        if (old) retire(old);
        start(source.connect(config), config);
      }
    },
    /** The worker's stop: every lane stops as above, side by side; lanes already stopping finish. */
    async stop(): Promise<void> {
      closed = true;
      await Promise.all([...active.values()].map(stop));
      while (retiring.size > 0) await Promise.all(retiring);
    },
  };
}
