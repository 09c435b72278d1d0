// Webhook endpoints (members only) and the delivery log (webhooks:read for keys, members too).
import { z } from 'zod';
import { ok, route } from '../route.ts';
import { ZPage } from '../../core/inputs/common.ts';
import * as save from '../../core/app/webhooks/save-endpoint.ts';
import * as manage from '../../core/app/webhooks/manage-endpoint.ts';
import * as log from '../../core/app/webhooks/delivery-log.ts';
import { ZEmptyBody, ZIdParam } from './common.ts';
import { ZCreateEndpointBody, ZListDeliveriesQuery, ZUpdateEndpointBody } from '../../core/inputs/webhooks.ts';

const tag = 'webhooks';

export const webhookRoutes = [
  route({ method: 'get', path: '/v1/webhook-endpoints', operationId: 'listWebhookEndpoints', summary: 'List webhook endpoints', tag, access: manage.readAccess, query: ZPage, handler: async ({ ctx, actor, query }) => ok(await manage.listEndpoints(ctx, actor, query)) }),
  route({
    method: 'post',
    path: '/v1/webhook-endpoints',
    operationId: 'createWebhookEndpoint',
    summary: 'Create a webhook endpoint; its signing secret is in the response once',
    tag,
    access: save.access,
    body: ZCreateEndpointBody,
    idempotency: 'optional',
    revealsSecret: true,
    status: 201,
    handler: async ({ ctx, actor, body }) => ok({ ...(await save.createEndpoint(ctx, actor, body)), secret_shown: true }),
  }),
  route({ method: 'get', path: '/v1/webhook-endpoints/:id', operationId: 'getWebhookEndpoint', summary: 'Get a webhook endpoint', tag, access: manage.readAccess, params: ZIdParam, query: z.strictObject({}), handler: async ({ ctx, actor, params }) => ok(await manage.getEndpoint(ctx, actor, params.id)) }),
  route({ method: 'patch', path: '/v1/webhook-endpoints/:id', operationId: 'updateWebhookEndpoint', summary: "Change an endpoint's url, event types, description or enabled", tag, access: save.access, params: ZIdParam, body: ZUpdateEndpointBody, handler: async ({ ctx, actor, params, body }) => ok(await save.updateEndpoint(ctx, actor, params.id, body)) }),
  route({ method: 'delete', path: '/v1/webhook-endpoints/:id', operationId: 'deleteWebhookEndpoint', summary: 'Delete a webhook endpoint (its pending deliveries fail; the log stays)', tag, access: manage.writeAccess, params: ZIdParam, handler: async ({ ctx, actor, params }) => ok(await manage.deleteEndpoint(ctx, actor, params.id)) }),
  route({
    method: 'post',
    path: '/v1/webhook-endpoints/:id/rotate-secret',
    operationId: 'rotateWebhookEndpointSecret',
    summary: 'A new signing secret, shown once; the old one also signs for 24 hours',
    tag,
    access: manage.writeAccess,
    params: ZIdParam,
    body: ZEmptyBody,
    idempotency: 'optional',
    revealsSecret: true,
    handler: async ({ ctx, actor, params }) => ok({ ...(await manage.rotateEndpointSecret(ctx, actor, params.id)), secret_shown: true }),
  }),
  route({ method: 'get', path: '/v1/webhook-deliveries', operationId: 'listWebhookDeliveries', summary: 'List webhook deliveries, newest first', tag, access: log.readAccess, query: ZListDeliveriesQuery, handler: async ({ ctx, actor, query }) => ok(await log.listDeliveries(ctx, actor, query)) }),
  route({ method: 'get', path: '/v1/webhook-deliveries/:id/attempts', operationId: 'listWebhookAttempts', summary: "A delivery's attempts", tag, access: log.readAccess, params: ZIdParam, query: z.strictObject({}), handler: async ({ ctx, actor, params }) => ok(await log.listAttempts(ctx, actor, params.id)) }),
  route({ method: 'post', path: '/v1/webhook-deliveries/:id/redeliver', operationId: 'redeliverWebhook', summary: 'Deliver again now, with the same webhook-id', tag, access: log.redeliverAccess, params: ZIdParam, body: ZEmptyBody, handler: async ({ ctx, actor, params }) => ok(await log.redeliver(ctx, actor, params.id)) }),
];
