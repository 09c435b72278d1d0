// Create and rename groups: names unique per organization ignoring case, at most 500 groups.
import { z } from 'zod';
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { newId } from '../../db/ids.ts';
import { exec, isUniqueViolation, one } from '../../db/sql.ts';
import { MAX_GROUPS, ZGroupName, findGroup, groupView, nameTaken } from './group-view.ts';

export const access: Access = { scopes: [], permission: 'contacts.write' };

export const ZGroupBody = z.strictObject({ name: ZGroupName });
export type TGroupBody = z.infer<typeof ZGroupBody>;

async function assertNameFree(tx: Ctx, organizationId: string, name: string, exceptId: string | null): Promise<void> {
  const clash = await one(tx.em, 'select 1 from groups where organization_id = ? and lower(name) = lower(?) and id is distinct from ?', [
    organizationId,
    name,
    exceptId,
  ]);
  if (clash) throw nameTaken(name);
}

/** Inside the caller's transaction: the organization lock makes the count and the name check exact. */
export async function insertGroup(tx: Ctx, organizationId: string, name: string): Promise<string> {
  await exec(tx.em, 'select 1 from organizations where id = ? for update', [organizationId]);
  const count = await one<{ n: number }>(tx.em, 'select count(*)::int as n from groups where organization_id = ?', [organizationId]);
  if ((count?.n ?? 0) >= MAX_GROUPS) throw new DomainError('too_many_groups', `An organization has at most ${MAX_GROUPS} groups; delete one first.`);
  await assertNameFree(tx, organizationId, name, null);
  const id = newId();
  await exec(tx.em, 'insert into groups (id, organization_id, name, created_at, updated_at) values (?, ?, ?, ?, ?)', [id, organizationId, name, tx.now, tx.now]);
  return id;
}

export async function createGroup(ctx: Ctx, actor: TenantActor, body: TGroupBody) {
  return inTransaction(ctx, async (tx) => {
    const id = await insertGroup(tx, actor.organizationId, body.name);
    return { group: groupView(await findGroup(tx, actor.organizationId, id)) };
  });
}

export async function renameGroup(ctx: Ctx, actor: TenantActor, id: string, body: TGroupBody) {
  return inTransaction(ctx, async (tx) => {
    await exec(tx.em, 'select 1 from organizations where id = ? for update', [actor.organizationId]);
    await findGroup(tx, actor.organizationId, id, true);
    await assertNameFree(tx, actor.organizationId, body.name, id);
    await exec(tx.em, 'update groups set name = ?, updated_at = ? where id = ?', [body.name, tx.now, id]).catch((err: unknown) => {
      throw isUniqueViolation(err) ? nameTaken(body.name) : err;
    });
    return { group: groupView(await findGroup(tx, actor.organizationId, id)) };
  });
}
