// Create and change webhook endpoints: the URL checked where it resolves, at most 20 per organization; a new
// endpoint's signing secret is shown once and kept sealed.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { MAX_ENDPOINTS } from '../../domain/webhooks.ts';
import { newId } from '../../db/ids.ts';
import { lockOrganization } from '../../db/lock-order.ts';
import { changeEndpoint, countEndpoints, insertEndpoint, type EndpointChanges } from '../../db/webhooks/endpoints.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { checkEndpointUrl } from './endpoint-url.ts';
import { endpointView, findEndpoint } from './endpoint-view.ts';
import { newSecret } from './signature.ts';
import { seal } from './secret-box.ts';
import { type TCreateEndpointBody, type TUpdateEndpointBody } from '../../inputs/webhooks.ts';

export const access: Access = { scopes: [], permission: 'webhooks.write' };

const urlRules = (ctx: Ctx) => ({ allowLoopback: ctx.deps.config.webhooksAllowLoopback });

export async function createEndpoint(ctx: Ctx, actor: TenantActor, body: TCreateEndpointBody) {
  // Resolved before the transaction: a slow name server holds no lock.
  const url = await checkEndpointUrl(body.url, urlRules(ctx));
  return inTransaction(ctx, async (tx) => {
    // Endpoints are counted and added one request at a time, so two requests at once cannot both pass the limit.
    await lockOrganization(tx.em, actor.organizationId);
    if ((await countEndpoints(tx.em, actor.organizationId)) >= MAX_ENDPOINTS) {
      throw new DomainError('too_many_webhook_endpoints', `An organization has at most ${MAX_ENDPOINTS} webhook endpoints; delete one first.`);
    }
    const id = newId();
    const secret = newSecret();
    const endpoint = await insertEndpoint(tx.em, {
      id,
      organizationId: actor.organizationId,
      url: url.href,
      description: body.description || null,
      eventTypes: body.event_types ?? [],
      secretSealed: seal(tx.deps.config.webhookSecretsKey, id, secret),
      createdAt: tx.now,
    });
    await recordAudit(tx, actor, { organizationId: actor.organizationId, action: 'webhook_endpoint.created', targetType: 'webhook_endpoint', targetId: id, details: { url: url.href } });
    return { endpoint: endpointView(endpoint, tx.now), secret };
  });
}

export async function updateEndpoint(ctx: Ctx, actor: TenantActor, id: string, body: TUpdateEndpointBody) {
  const url = body.url === undefined ? undefined : await checkEndpointUrl(body.url, urlRules(ctx));
  return inTransaction(ctx, async (tx) => {
    const endpoint = await findEndpoint(tx, actor.organizationId, id, true);
    const enabling = body.enabled === true && !endpoint.enabled;
    const changes: EndpointChanges = { updatedAt: tx.now };
    if (url) changes.url = url.href;
    if (body.event_types !== undefined) changes.eventTypes = body.event_types ?? [];
    if (body.description !== undefined) changes.description = body.description || null;
    if (body.enabled !== undefined) changes.enabled = body.enabled;
    if (enabling) {
      changes.disabledReason = null;
      changes.failingSince = null;
    } else if (body.enabled === false && endpoint.enabled) {
      changes.disabledReason = 'disabled by a member';
    }
    await changeEndpoint(tx.em, endpoint, changes);
    const changed = Object.keys(body);
    await recordAudit(tx, actor, { organizationId: actor.organizationId, action: 'webhook_endpoint.updated', targetType: 'webhook_endpoint', targetId: id, details: { changed } });
    return { endpoint: endpointView(endpoint, tx.now) };
  });
}
