// A reset asked for by address: the answer is the same whatever the address, and takes the same steps (a token of
// the client address's allowance, one job queued), since whether the address is a member's is only looked at by
// the job (deliver-password-reset.ts).
import type { Ctx } from '../context.ts';
import { CODE_TTL_MS } from '../../domain/one-time-codes.ts';
import { addJob } from '../../db/jobs/add-job.ts';
import { inTransaction } from '../context.ts';
import { takeToken } from '../rate-limit.ts';
import type { TRequestPasswordResetBody } from '../../inputs/auth.ts';

export { ZRequestPasswordResetBody } from '../../inputs/auth.ts';

/** Resets one client address may ask for in an hour, whatever the addresses asked for. */
export const RESET_REQUESTS_PER_ADDRESS_HOUR = 10;

export const PASSWORD_RESET_TASK = 'password_reset';

export async function requestPasswordReset(ctx: Ctx, body: TRequestPasswordResetBody, address: string) {
  await takeToken(ctx, `password-reset:address:${address}`, RESET_REQUESTS_PER_ADDRESS_HOUR, RESET_REQUESTS_PER_ADDRESS_HOUR / 3600);
  // A retry that finds the code sent already sends another, which voids the first: at most three are tried.
  await inTransaction(ctx, (tx) => addJob(tx.em, { task: PASSWORD_RESET_TASK, payload: { email: body.email }, maxAttempts: 3 }));
  return {
    requested: true,
    message: 'If this address belongs to a member who can receive a code (a verified phone, or mail), a code is on its way. It works for 15 minutes.',
    expires_in_seconds: CODE_TTL_MS / 1000,
  };
}
