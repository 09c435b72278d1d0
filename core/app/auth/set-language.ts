// The signed-in member chooses the dashboard's language for themselves; every device they sign in on follows it.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { setMemberLanguage } from '../../db/members/members.ts';
import { findMember } from '../members/member-view.ts';
import type { TSetLanguageBody } from '../../inputs/auth.ts';

export { ZSetLanguageBody } from '../../inputs/auth.ts';

/** Any member, for themselves. */
export const access: Access = { scopes: [], permission: null };

export async function setLanguage(ctx: Ctx, actor: TenantActor, body: TSetLanguageBody) {
  if (actor.kind !== 'member') throw new DomainError('insufficient_scope', 'Only a signed-in member chooses a language.');
  return inTransaction(ctx, async (tx) => {
    const member = await findMember(tx, actor.organizationId, actor.memberId, true);
    await setMemberLanguage(tx.em, member, body.language, tx.now);
    return { language: body.language };
  });
}
