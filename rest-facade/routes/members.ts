// Members of the organization: list, add, change role or name, remove. Owners and admins.
import { ok, route } from '../route.ts';
import { ZPage } from '../../core/inputs/common.ts';
import * as create from '../../core/app/members/create-member.ts';
import * as list from '../../core/app/members/list-members.ts';
import * as update from '../../core/app/members/update-member.ts';
import * as remove from '../../core/app/members/delete-member.ts';
import * as affected from '../../core/app/members/keys-affected.ts';
import { ZIdParam } from './common.ts';
import { ZCreateMemberBody, ZKeysAffectedQuery, ZUpdateMemberBody } from '../../core/inputs/members.ts';

export const memberRoutes = [
  route({
    method: 'get',
    path: '/v1/members',
    operationId: 'listMembers',
    summary: 'List members',
    tag: 'members',
    access: list.access,
    query: ZPage,
    handler: async ({ ctx, actor, query }) => ok(await list.listMembers(ctx, actor, query)),
  }),
  route({
    method: 'post',
    path: '/v1/members',
    operationId: 'createMember',
    summary: 'Add a member with a role and an initial password',
    tag: 'members',
    access: create.access,
    body: ZCreateMemberBody,
    idempotency: 'optional',
    status: 201,
    handler: async ({ ctx, actor, body }) => ok(await create.createMember(ctx, actor, actor.organizationId, body)),
  }),
  route({
    method: 'patch',
    path: '/v1/members/:id',
    operationId: 'updateMember',
    summary: "Change a member's role or name",
    tag: 'members',
    access: update.access,
    params: ZIdParam,
    body: ZUpdateMemberBody,
    handler: async ({ ctx, actor, params, body }) => ok(await update.updateMember(ctx, actor, params.id, body)),
  }),
  route({
    method: 'delete',
    path: '/v1/members/:id',
    operationId: 'deleteMember',
    summary: 'Remove a member; their sessions end at once',
    tag: 'members',
    access: remove.access,
    params: ZIdParam,
    handler: async ({ ctx, actor, params }) => ok(await remove.deleteMember(ctx, actor, params.id)),
  }),
  route({
    method: 'get',
    path: '/v1/members/:id/affected-api-keys',
    operationId: 'listMemberAffectedApiKeys',
    summary: 'The API keys removing the member (or, with role, giving them that role) would revoke',
    tag: 'members',
    access: affected.access,
    params: ZIdParam,
    query: ZKeysAffectedQuery,
    handler: async ({ ctx, actor, params, query }) => ok(await affected.keysAffected(ctx, actor, params.id, query)),
  }),
];
