// The Pothos schema builder for reporting: the context carries the caller and a use-case context.
import SchemaBuilder from '@pothos/core';
import RelayPlugin from '@pothos/plugin-relay';
import type { Ctx } from '../core/app/context.ts';
import type { TenantActor } from '../core/app/actor.ts';

export interface GqlContext {
  ctx: Ctx;
  actor: TenantActor;
}

export const builder = new SchemaBuilder<{
  Context: GqlContext;
  // Fields are non-null unless they say so: tools and saved queries can rely on what is always there. Root
  // fields are nullable: a field the caller may not read is an error of its own, the others still answer.
  DefaultFieldNullability: false;
  Scalars: {
    // Money in cents can pass 2^31, GraphQL's Int; it stays an exact integer (safe to 2^53).
    Cents: { Input: number; Output: number };
    DateTime: { Input: string; Output: string };
  };
}>({
  // Relay connections (edges, pageInfo, first/after) for lists; no global node lookup: every read is by its own field.
  defaultFieldNullability: false,
  plugins: [RelayPlugin],
  relay: { clientMutationId: 'omit', cursorType: 'String', nodeQueryOptions: false, nodesQueryOptions: false },
});

builder.queryType({});
