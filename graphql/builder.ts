// The Pothos schema builder for reporting: the context carries the caller and a use-case context.
import SchemaBuilder from '@pothos/core';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import RelayPlugin from '@pothos/plugin-relay';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import type { Ctx } from '../core/app/context.ts';
import type { TenantActor } from '../core/app/actor.ts';
import { callerScopes, refusal, type AuthScopes } from './auth-scopes.ts';
import { pagingDescriptions } from './paging-descriptions.ts';

export interface GqlContext {
  ctx: Ctx;
  actor: TenantActor;
}

export const builder = new SchemaBuilder<{
  Context: GqlContext;
  AuthScopes: AuthScopes;
  // Fields are non-null unless they say so: tools and saved queries can rely on what is always there. Root
  // fields are nullable: a field the caller may not read is an error of its own, the others still answer.
  DefaultFieldNullability: false;
  Scalars: {
    // Money in cents can pass 2^31, GraphQL's Int; it stays an exact integer (safe to 2^53).
    Cents: { Input: number; Output: number };
    DateTime: { Input: string; Output: string };
  };
}>({
  defaultFieldNullability: false,
  // Scope checks come first, so that nothing (a loader either) runs for a field the caller may not read.
  plugins: [ScopeAuthPlugin, RelayPlugin, DataloaderPlugin],
  scopeAuth: {
    authScopes: ({ actor }) => callerScopes(actor),
    unauthorizedError: (_parent, { actor }, _info, { failure }) => refusal(actor, failure),
  },
  // Relay connections (edges, pageInfo, first/after) for lists; no global node lookup: every read is by its own field.
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    nodeQueryOptions: false,
    nodesQueryOptions: false,
    ...pagingDescriptions,
  },
});

builder.queryType({
  description:
    'Read-only reporting on one organization: its messages, campaigns, money and audit log, with the rules of the REST API (each field names who may read it). Money is in cents (100 cents = 1 TZS); times are UTC timestamps, and reports count days in Africa/Dar_es_Salaam (EAT, UTC+3). A field the caller may not read answers null with an error of its own; the others still answer.',
});
