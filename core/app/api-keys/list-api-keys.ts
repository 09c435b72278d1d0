// GET /v1/api-keys: the organization's keys, redacted.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { rows } from '../../db/sql.ts';
import type { TPage } from '../paging.ts';
import { pageOf } from '../paging.ts';
import type { ApiKeyRow } from './api-key-view.ts';
import { apiKeyView } from './api-key-view.ts';

export const access: Access = { scopes: [], permission: 'api_keys.manage' };

export async function listApiKeys(ctx: Ctx, actor: TenantActor, query: TPage) {
  const found = await rows<ApiKeyRow>(
    ctx.em,
    'select * from api_keys where organization_id = ? and (?::uuid is null or id < ?::uuid) order by id desc limit ?',
    [actor.organizationId, query.before ?? null, query.before ?? null, query.limit + 1],
  );
  const page = pageOf(found, query.limit);
  return { api_keys: page.items.map((k) => apiKeyView(k, ctx.now)), next_before: page.nextBefore };
}
