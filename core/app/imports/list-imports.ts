// List and get contact imports; the get carries a sample of the rows and the counts while it runs.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { findImports } from '../../db/imports/imports.ts';
import { type TPage } from '../../inputs/common.ts';
import { pageOf } from '../paging.ts';
import { importView, requireImport } from './import-view.ts';
import { importSample } from './import-sample.ts';

export const access: Access = { scopes: [], permission: 'contacts.read' };

export async function listImports(ctx: Ctx, actor: TenantActor, query: TPage) {
  const found = await findImports(ctx.em, actor.organizationId, { before: query.before, limit: query.limit });
  const page = pageOf(found, query.limit);
  return { imports: page.items.map(importView), next_before: page.nextBefore };
}

export async function getImport(ctx: Ctx, actor: TenantActor, id: string) {
  const row = await requireImport(ctx, actor.organizationId, id);
  return { import: importView(row), sample: await importSample(ctx, actor, row) };
}
