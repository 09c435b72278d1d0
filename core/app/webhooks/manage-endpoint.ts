// Read, delete and rotate the secret of webhook endpoints.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { type TPage } from '../../inputs/common.ts';
import { inTransaction } from '../context.ts';
import { ROTATION_GRACE_MS } from '../../domain/webhooks.ts';
import { changeEndpoint, failPendingDeliveries, listEndpoints as findEndpoints } from '../../db/webhooks/endpoints.ts';
import { pageOf } from '../paging.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { endpointView, findEndpoint } from './endpoint-view.ts';
import { newSecret } from './signature.ts';
import { seal } from './secret-box.ts';

export const readAccess: Access = { scopes: [], permission: 'webhooks.read' };
export const writeAccess: Access = { scopes: [], permission: 'webhooks.write' };

export async function listEndpoints(ctx: Ctx, actor: TenantActor, page: TPage) {
  const found = await findEndpoints(ctx.em, actor.organizationId, page.before, page.limit);
  const { items, nextBefore } = pageOf(found, page.limit);
  return { endpoints: items.map((e) => endpointView(e, ctx.now)), next_before: nextBefore };
}

export async function getEndpoint(ctx: Ctx, actor: TenantActor, id: string) {
  return { endpoint: endpointView(await findEndpoint(ctx, actor.organizationId, id), ctx.now) };
}

/** The endpoint goes; its deliveries stay in the log, those still pending fail. */
export async function deleteEndpoint(ctx: Ctx, actor: TenantActor, id: string) {
  return inTransaction(ctx, async (tx) => {
    const endpoint = await findEndpoint(tx, actor.organizationId, id, true);
    await changeEndpoint(tx.em, endpoint, { deletedAt: tx.now, enabled: false, updatedAt: tx.now });
    await failPendingDeliveries(tx.em, id, tx.now);
    await recordAudit(tx, actor, { organizationId: actor.organizationId, action: 'webhook_endpoint.deleted', targetType: 'webhook_endpoint', targetId: id });
    return { id, deleted: true };
  });
}

/** A new secret, shown once; the old one keeps signing beside it for 24 hours. */
export async function rotateEndpointSecret(ctx: Ctx, actor: TenantActor, id: string) {
  return inTransaction(ctx, async (tx) => {
    const endpoint = await findEndpoint(tx, actor.organizationId, id, true);
    const secret = newSecret();
    await changeEndpoint(tx.em, endpoint, {
      secretSealed: seal(tx.deps.config.webhookSecretsKey, id, secret),
      previousSecretSealed: endpoint.secretSealed,
      previousSecretUntil: new Date(tx.now.getTime() + ROTATION_GRACE_MS),
      updatedAt: tx.now,
    });
    await recordAudit(tx, actor, { organizationId: actor.organizationId, action: 'webhook_endpoint.secret_rotated', targetType: 'webhook_endpoint', targetId: id });
    return { endpoint: endpointView(endpoint, tx.now), secret };
  });
}
