// Development: a message from a handset, sent over real SMPP by the built-in SMSC simulator of a worker process.
// The request is a graphile-worker job (inbound_simulate) that the worker taking it hands to its own simulator, so
// that the message comes in exactly as one from an operator would: deliver_sm, stored, then acknowledged.
import { z } from 'zod';
import type { Ctx } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { addJob } from '../../db/jobs/add-job.ts';

const ZAddress = z.string().trim().regex(/^\+?[0-9]{3,15}$/, 'must be 3 to 15 digits, with an optional leading +');

export const ZInboundSimulation = z.strictObject({
  from: ZAddress,
  to: ZAddress,
  text: z.string().min(1, 'must not be empty').max(1600),
  parts: z.number().int().min(1).max(10).optional(),
  concat: z.enum(['udh', 'sar']).optional(),
});
export type TInboundSimulation = z.infer<typeof ZInboundSimulation>;

/** Queues the simulated message; a worker process sends it within moments (its pollInterval, a second). */
export async function simulateInbound(ctx: Ctx, input: TInboundSimulation) {
  // A production deployment's inboxes hold only what operators' SMSCs sent.
  if (ctx.deps.config.production) throw new DomainError('invalid_request', 'Simulated inbound messages are for development only.', { field: 'NODE_ENV' });
  const jobId = await addJob(ctx.em, { task: 'inbound_simulate', payload: input, maxAttempts: 5 });
  return { queued: { job_id: jobId, ...input } };
}
