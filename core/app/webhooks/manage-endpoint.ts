// Read, delete and rotate the secret of webhook endpoints.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import type { TPage } from '../paging.ts';
import { inTransaction } from '../context.ts';
import { ROTATION_GRACE_MS } from '../../domain/webhooks.ts';
import { exec, keysetRows } from '../../db/sql.ts';
import { pageOf } from '../paging.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { endpointView, findEndpoint, type EndpointRow } from './endpoint-view.ts';
import { newSecret } from './signature.ts';
import { seal } from './secret-box.ts';

export const readAccess: Access = { scopes: [], permission: 'webhooks.read' };
export const writeAccess: Access = { scopes: [], permission: 'webhooks.write' };

export async function listEndpoints(ctx: Ctx, actor: TenantActor, page: TPage) {
  const found = await keysetRows<EndpointRow>(ctx.em, { table: 'webhook_endpoints', organizationId: actor.organizationId, before: page.before, limit: page.limit, where: 'deleted_at is null' });
  const { items, nextBefore } = pageOf(found, page.limit);
  return { endpoints: items.map((e) => endpointView(e, ctx.now)), next_before: nextBefore };
}

export async function getEndpoint(ctx: Ctx, actor: TenantActor, id: string) {
  return { endpoint: endpointView(await findEndpoint(ctx, actor.organizationId, id), ctx.now) };
}

/** The endpoint goes; its deliveries stay in the log, those still pending fail. */
export async function deleteEndpoint(ctx: Ctx, actor: TenantActor, id: string) {
  return inTransaction(ctx, async (tx) => {
    await findEndpoint(tx, actor.organizationId, id, true);
    await exec(tx.em, 'update webhook_endpoints set deleted_at = ?, enabled = false, updated_at = ? where id = ?', [tx.now, tx.now, id]);
    await exec(
      tx.em,
      `update webhook_deliveries set status = 'failed', last_error = 'the endpoint was deleted', finished_at = ?, lease_until = null
       where endpoint_id = ? and status = 'pending'`,
      [tx.now, id],
    );
    await recordAudit(tx, actor, { organizationId: actor.organizationId, action: 'webhook_endpoint.deleted', targetType: 'webhook_endpoint', targetId: id });
    return { id, deleted: true };
  });
}

/** A new secret, shown once; the old one keeps signing beside it for 24 hours. */
export async function rotateEndpointSecret(ctx: Ctx, actor: TenantActor, id: string) {
  return inTransaction(ctx, async (tx) => {
    const row = await findEndpoint(tx, actor.organizationId, id, true);
    const secret = newSecret();
    await exec(
      tx.em,
      `update webhook_endpoints set secret_sealed = ?, previous_secret_sealed = ?, previous_secret_until = ?, updated_at = ? where id = ?`,
      [seal(tx.deps.config.webhookSecretsKey, id, secret), row.secret_sealed, new Date(tx.now.getTime() + ROTATION_GRACE_MS), tx.now, id],
    );
    await recordAudit(tx, actor, { organizationId: actor.organizationId, action: 'webhook_endpoint.secret_rotated', targetType: 'webhook_endpoint', targetId: id });
    return { endpoint: endpointView(await findEndpoint(tx, actor.organizationId, id), tx.now), secret };
  });
}
