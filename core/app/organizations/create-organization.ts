// Operator: a new organization with an empty wallet.
import { z } from 'zod';
import type { Ctx } from '../context.ts';
import type { Actor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { newId } from '../../db/ids.ts';
import { insertOrganization, updateOrganizationVerified } from '../../db/organizations/organizations.ts';
import { openWallet } from '../../db/wallet/wallet-rows.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { organizationView, requireOrganization } from './find-organization.ts';

export const ZCreateOrganizationInput = z.strictObject({
  name: z.string().trim().min(1).max(200),
  verified: z.boolean().default(false),
});
export type TCreateOrganizationInput = z.infer<typeof ZCreateOrganizationInput>;

export async function createOrganization(ctx: Ctx, actor: Actor, input: TCreateOrganizationInput) {
  return inTransaction(ctx, async (tx) => {
    const id = newId();
    await insertOrganization(tx.em, { id, name: input.name, verified: input.verified, at: tx.now });
    await openWallet(tx.em, id, tx.now);
    await recordAudit(tx, actor, { organizationId: id, action: 'organization.created', targetType: 'organization', targetId: id });
    return { organization: organizationView(await requireOrganization(tx, id)) };
  });
}

export async function setOrganizationVerified(ctx: Ctx, actor: Actor, organizationId: string, verified: boolean) {
  return inTransaction(ctx, async (tx) => {
    const organization = await requireOrganization(tx, organizationId, true);
    await updateOrganizationVerified(tx.em, organization, verified, tx.now);
    await recordAudit(tx, actor, {
      organizationId,
      action: verified ? 'organization.verified' : 'organization.unverified',
      targetType: 'organization',
      targetId: organizationId,
    });
    return { organization: organizationView(await requireOrganization(tx, organizationId)) };
  });
}
