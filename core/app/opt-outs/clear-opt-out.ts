// Clear an opt-out by id, with a reason and evidence: it is kept (never deleted) and cannot be cleared again.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { isActiveOptOut } from '../../domain/opt-outs.ts';
import { canSeeNumbers } from '../contacts/contact-view.ts';
import { optOutView, requireOptOut } from './opt-out-view.ts';
import { writeClearance } from './opt-out-writes.ts';
import { type TClearOptOutBody } from '../../inputs/opt-outs.ts';

export const access: Access = { scopes: [], permission: 'opt_outs.write' };

export async function clearOptOut(ctx: Ctx, actor: TenantActor, id: string, body: TClearOptOutBody) {
  return inTransaction(ctx, async (tx) => {
    const optOut = await requireOptOut(tx, actor.organizationId, id, true);
    if (!isActiveOptOut({ clearedAt: optOut.cleared_at })) throw new DomainError('already_cleared', 'This opt-out was already cleared; an opt-out is cleared once.');
    await writeClearance(tx, actor, optOut, { reason: body.reason, evidence: body.evidence, source: 'manual' });
    return { opt_out: optOutView(await requireOptOut(tx, actor.organizationId, id), canSeeNumbers(actor)) };
  });
}
