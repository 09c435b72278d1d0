// GET /v1/api-keys: the organization's keys, redacted.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { findApiKeysPage } from '../../db/api-keys/api-keys.ts';
import { type TPage } from '../../inputs/common.ts';
import { pageOf } from '../paging.ts';
import { apiKeyView } from './api-key-view.ts';

export const access: Access = { scopes: [], permission: 'api_keys.manage' };

export async function listApiKeys(ctx: Ctx, actor: TenantActor, query: TPage) {
  const found = await findApiKeysPage(ctx.em, actor.organizationId, { before: query.before, limit: query.limit });
  const page = pageOf(found, query.limit);
  return { api_keys: page.items.map((k) => apiKeyView(k, ctx.now)), next_before: page.nextBefore };
}
