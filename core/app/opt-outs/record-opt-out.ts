// Record an opt-out for a number: a new one is created; a number already opted out returns the active one.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { unwrap } from '../../domain/errors.ts';
import { normalizeTanzanianMobile } from '../../domain/phone.ts';
import { canSeeNumbers } from '../contacts/contact-view.ts';
import { optOutView } from './opt-out-view.ts';
import { writeOptOut } from './opt-out-writes.ts';
import { type TRecordOptOutBody } from '../../inputs/opt-outs.ts';

export const access: Access = { scopes: [], permission: 'opt_outs.write' };

export async function recordOptOut(ctx: Ctx, actor: TenantActor, body: TRecordOptOutBody) {
  const phone = unwrap(normalizeTanzanianMobile(body.phone, 'phone'));
  return inTransaction(ctx, async (tx) => {
    const { optOut, created } = await writeOptOut(tx, actor, { organizationId: actor.organizationId, phone, source: 'manual', reason: body.reason || null });
    return { opt_out: optOutView(optOut, canSeeNumbers(actor)), created };
  });
}
