// POST /v1/contact-imports/{id}/process: choose the columns, the group and the consent, and queue the work.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { lockOrganization } from '../../db/lock-order.ts';
import { findGroup } from '../../db/groups/groups.ts';
import { importInProgress, queueImport } from '../../db/imports/imports.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { type TProcessImportBody } from '../../inputs/imports.ts';
import { addGroup } from '../groups/save-group.ts';
import { importView, requireImport } from './import-view.ts';

export const access: Access = { scopes: [], permission: 'imports.write' };

function columnIndex(columns: readonly string[], name: string, field: string): number {
  const index = columns.findIndex((c) => c.trim() === name.trim());
  if (index < 0) throw new DomainError('validation_failed', `${field}: the file has no column "${name}" (columns: ${columns.join(', ')}).`, { field });
  return index;
}

export async function requestProcessing(ctx: Ctx, actor: TenantActor, id: string, body: TProcessImportBody) {
  return inTransaction(ctx, async (tx) => {
    await lockOrganization(tx.em, actor.organizationId);
    const row = await requireImport(tx, actor.organizationId, id, true);
    if (row.state !== 'uploaded') throw new DomainError('import_not_ready', `Only an uploaded import can be processed; this one is ${row.state}.`);
    if (await importInProgress(tx.em, actor.organizationId)) throw new DomainError('import_in_progress', 'Another import of this organization is being uploaded or processed; wait for it to finish.');
    const columns = row.columns ?? [];
    const phoneIndex = columnIndex(columns, body.phone_column, 'phone_column');
    const nameIndex = body.name_column ? columnIndex(columns, body.name_column, 'name_column') : null;
    if (body.group_id && !(await findGroup(tx.em, actor.organizationId, body.group_id))) {
      throw new DomainError('validation_failed', `group_id: ${body.group_id} is not a group of this organization.`, { field: 'group_id' });
    }
    const groupId = body.group_name ? (await addGroup(tx, actor.organizationId, body.group_name)).id : (body.group_id ?? null);
    const mapping = {
      phone_column: body.phone_column,
      name_column: body.name_column ?? null,
      phone_index: phoneIndex,
      name_index: nameIndex,
      requested_by: actor.kind === 'member' ? actor.memberId : null,
    };
    await queueImport(tx.em, id, { mapping, consent: body.consent ?? null, groupId });
    await recordAudit(tx, actor, {
      organizationId: actor.organizationId,
      action: 'contact_import.process_requested',
      targetType: 'contact_import',
      targetId: id,
      details: { group_id: groupId, consent: body.consent ?? null },
    });
    return { import: importView(await requireImport(tx, actor.organizationId, id)) };
  });
}
