// Task `password_reset`: the codes of one reset request (queued by its request, whatever the address); its payload
// is parsed, since old jobs outlive code.
import { z } from 'zod';
import type { Task } from 'graphile-worker';
import type { Deps } from '../../core/app/context.ts';
import { deliverPasswordReset } from '../../core/app/auth/deliver-password-reset.ts';

const ZPayload = z.object({ email: z.string().min(1).max(254) });

export function passwordResetTask(deps: Deps): Task {
  return async (payload) => {
    const { email } = ZPayload.parse(payload);
    await deliverPasswordReset(deps, email);
  };
}
