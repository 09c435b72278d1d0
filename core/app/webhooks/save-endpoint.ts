// Create and change webhook endpoints: the URL checked where it resolves, at most 20 per organization; a new
// endpoint's signing secret is shown once and kept sealed.
import { z } from 'zod';
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { MAX_ENDPOINTS } from '../../domain/webhooks.ts';
import { newId } from '../../db/ids.ts';
import { exec, one, pgArray } from '../../db/sql.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { checkEndpointUrl } from './endpoint-url.ts';
import { ZDescription, ZEndpointUrl, ZEventTypes, endpointView, findEndpoint } from './endpoint-view.ts';
import { newSecret } from './signature.ts';
import { seal } from './secret-box.ts';

export const access: Access = { scopes: [], permission: 'webhooks.write' };

export const ZCreateEndpointBody = z.strictObject({
  url: ZEndpointUrl,
  event_types: ZEventTypes.nullable().default(null),
  description: ZDescription.nullable().default(null),
});
export type TCreateEndpointBody = z.infer<typeof ZCreateEndpointBody>;

export const ZUpdateEndpointBody = z
  .strictObject({
    url: ZEndpointUrl.optional(),
    event_types: ZEventTypes.nullable().optional(),
    description: ZDescription.nullable().optional(),
    enabled: z.boolean().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'name at least one of url, event_types, description, enabled');
export type TUpdateEndpointBody = z.infer<typeof ZUpdateEndpointBody>;

const urlRules = (ctx: Ctx) => ({ allowLoopback: ctx.deps.config.webhooksAllowLoopback });

export async function createEndpoint(ctx: Ctx, actor: TenantActor, body: TCreateEndpointBody) {
  // Resolved before the transaction: a slow name server holds no lock.
  const url = await checkEndpointUrl(body.url, urlRules(ctx));
  return inTransaction(ctx, async (tx) => {
    await exec(tx.em, 'select 1 from organizations where id = ? for update', [actor.organizationId]);
    const count = await one<{ n: number }>(tx.em, 'select count(*)::int as n from webhook_endpoints where organization_id = ? and deleted_at is null', [actor.organizationId]);
    if ((count?.n ?? 0) >= MAX_ENDPOINTS) {
      throw new DomainError('too_many_webhook_endpoints', `An organization has at most ${MAX_ENDPOINTS} webhook endpoints; delete one first.`);
    }
    const id = newId();
    const secret = newSecret();
    await exec(
      tx.em,
      `insert into webhook_endpoints (id, organization_id, url, description, event_types, secret_sealed, created_at, updated_at)
       values (?, ?, ?, ?, ?::text[], ?, ?, ?)`,
      [id, actor.organizationId, url.href, body.description || null, pgArray(body.event_types ?? []), seal(tx.deps.config.webhookSecretsKey, id, secret), tx.now, tx.now],
    );
    await recordAudit(tx, actor, { organizationId: actor.organizationId, action: 'webhook_endpoint.created', targetType: 'webhook_endpoint', targetId: id, details: { url: url.href } });
    return { endpoint: endpointView(await findEndpoint(tx, actor.organizationId, id), tx.now), secret };
  });
}

export async function updateEndpoint(ctx: Ctx, actor: TenantActor, id: string, body: TUpdateEndpointBody) {
  const url = body.url === undefined ? undefined : await checkEndpointUrl(body.url, urlRules(ctx));
  return inTransaction(ctx, async (tx) => {
    const before = await findEndpoint(tx, actor.organizationId, id, true);
    const enabling = body.enabled === true && !before.enabled;
    await exec(
      tx.em,
      `update webhook_endpoints set
         url = coalesce(?, url),
         event_types = case when ? then ?::text[] else event_types end,
         description = case when ? then ? else description end,
         enabled = coalesce(?, enabled),
         disabled_reason = case when ? then null when ? then 'disabled by a member' else disabled_reason end,
         failing_since = case when ? then null else failing_since end,
         updated_at = ?
       where id = ?`,
      [
        url?.href ?? null,
        body.event_types !== undefined, pgArray(body.event_types ?? []),
        body.description !== undefined, body.description || null,
        body.enabled ?? null,
        enabling, body.enabled === false && before.enabled,
        enabling,
        tx.now, id,
      ],
    );
    const changed = Object.keys(body);
    await recordAudit(tx, actor, { organizationId: actor.organizationId, action: 'webhook_endpoint.updated', targetType: 'webhook_endpoint', targetId: id, details: { changed } });
    return { endpoint: endpointView(await findEndpoint(tx, actor.organizationId, id), tx.now) };
  });
}
