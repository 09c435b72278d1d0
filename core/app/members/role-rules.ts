// Rules on roles a member may hand out: only an owner makes or unmakes owners; an organization keeps one.
import type { Role } from '../../domain/access.ts';
import type { Actor } from '../actor.ts';
import type { Ctx } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { anotherOwnerRemains } from '../../db/members/owners.ts';

export function assertMayGrantRole(actor: Actor, role: Role): void {
  if (role === 'owner' && actor.kind === 'member' && actor.role !== 'owner') {
    throw new DomainError('forbidden', 'Only an owner can make another member an owner.', { field: 'role' });
  }
}

export function assertMayChangeMember(actor: Actor, targetRole: Role): void {
  if (targetRole === 'owner' && actor.kind === 'member' && actor.role !== 'owner') {
    throw new DomainError('forbidden', 'Only an owner can change or remove an owner.');
  }
}

/** Called with the target member locked: refuses to leave the organization without an owner. */
export async function assertNotLastOwner(ctx: Ctx, organizationId: string, memberId: string): Promise<void> {
  if (!(await anotherOwnerRemains(ctx.em, organizationId, memberId))) throw new DomainError('last_owner', 'The organization must keep at least one owner.');
}
