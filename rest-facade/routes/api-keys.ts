// API keys: list, create (secret shown once), rotate, revoke, re-assign to another holder. Members only.
import { ok, route } from '../route.ts';
import { ZPage } from '../../core/inputs/common.ts';
import * as create from '../../core/app/api-keys/create-api-key.ts';
import * as list from '../../core/app/api-keys/list-api-keys.ts';
import * as rotate from '../../core/app/api-keys/rotate-api-key.ts';
import * as revoke from '../../core/app/api-keys/revoke-api-key.ts';
import * as reassign from '../../core/app/api-keys/reassign-api-key.ts';
import { ZEmptyBody, ZIdParam } from './common.ts';
import { ZCreateApiKeyBody, ZReassignApiKeyBody, ZRotateApiKeyBody } from '../../core/inputs/api-keys.ts';

export const apiKeyRoutes = [
  route({
    method: 'get',
    path: '/v1/api-keys',
    operationId: 'listApiKeys',
    summary: 'List API keys (redacted)',
    tag: 'api-keys',
    access: list.access,
    query: ZPage,
    handler: async ({ ctx, actor, query }) => ok(await list.listApiKeys(ctx, actor, query)),
  }),
  route({
    method: 'post',
    path: '/v1/api-keys',
    operationId: 'createApiKey',
    summary: 'Create an API key; the secret is in the response once',
    tag: 'api-keys',
    access: create.access,
    body: ZCreateApiKeyBody,
    idempotency: 'optional',
    revealsSecret: true,
    status: 201,
    handler: async ({ ctx, actor, body }) => ok({ ...(await create.createApiKey(ctx, actor, actor.organizationId, body)), secret_shown: true }),
  }),
  route({
    method: 'post',
    path: '/v1/api-keys/:id/rotate',
    operationId: 'rotateApiKey',
    summary: 'Replace a key; the old one keeps working for the grace period',
    tag: 'api-keys',
    access: rotate.access,
    params: ZIdParam,
    body: ZRotateApiKeyBody,
    idempotency: 'optional',
    revealsSecret: true,
    status: 201,
    handler: async ({ ctx, actor, params, body }) => ok({ ...(await rotate.rotateApiKey(ctx, actor, params.id, body)), secret_shown: true }),
  }),
  route({
    method: 'post',
    path: '/v1/api-keys/:id/revoke',
    operationId: 'revokeApiKey',
    summary: 'Revoke a key at once',
    tag: 'api-keys',
    access: revoke.access,
    params: ZIdParam,
    body: ZEmptyBody,
    handler: async ({ ctx, actor, params }) => ok(await revoke.revokeApiKey(ctx, actor, params.id)),
  }),
  route({
    method: 'post',
    path: '/v1/api-keys/:id/reassign',
    operationId: 'reassignApiKey',
    summary: 'Give a key another holder (owners and admins), so that it is not revoked with the one it follows',
    tag: 'api-keys',
    access: reassign.access,
    params: ZIdParam,
    body: ZReassignApiKeyBody,
    handler: async ({ ctx, actor, params, body }) => ok(await reassign.reassignApiKey(ctx, actor, params.id, body)),
  }),
];
