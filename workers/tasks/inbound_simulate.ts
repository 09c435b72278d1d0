// Task `inbound_simulate`, queued by `ops inbound simulate`: the built-in SMSC simulator of the worker process that
// takes the job sends a message from a handset, over real SMPP, to its own dispatcher's link (decision 0272).
import type { Task } from 'graphile-worker';
import type { SmscSimulator } from '../providers/smsc-simulator.ts';
import { ZInboundSimulation } from '../../core/app/inbound/simulate-inbound.ts';

/**
 * `simulator`: this process's own for the sender's operator (the bind that carries it), when it runs one (a worker
 * given other providers has none).
 */
export function inboundSimulateTask(simulator: (from: string) => Promise<SmscSimulator | null>): Task {
  return async (payload, helpers) => {
    const request = ZInboundSimulation.parse(payload);
    const sim = await simulator(request.from);
    // Thrown, so that the job is tried again (in another worker process, perhaps) rather than lost.
    if (!sim) throw new Error('this worker process runs no SMSC simulator');
    const sent = sim.sendInbound({ from: request.from, to: request.to, text: request.text, parts: request.parts, concat: request.concat });
    helpers.logger.info(`inbound_simulate sent ${sent.smscMessageRef} in ${sent.parts} part(s)`);
  };
}
