// POST /v1/contact-imports/{id}/process: choose the columns, the group and the consent, and queue the work.
import { z } from 'zod';
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { exec, one } from '../../db/sql.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { ZGroupName, findGroup } from '../groups/group-view.ts';
import { insertGroup } from '../groups/save-group.ts';
import { ZConsentInput } from '../contacts/contact-view.ts';
import { findImport, importView } from './import-view.ts';
import { ZId } from '../paging.ts';

export const access: Access = { scopes: [], permission: 'imports.write' };

export const ZProcessImportBody = z
  .strictObject({
    phone_column: z.string().min(1).max(500),
    name_column: z.string().min(1).max(500).nullable().optional(),
    group_id: ZId.nullable().optional(),
    group_name: ZGroupName.nullable().optional(),
    consent: ZConsentInput.nullable().optional(),
  })
  .refine((b) => !(b.group_id && b.group_name), { message: 'send group_id or group_name, not both', path: ['group_name'] });
export type TProcessImportBody = z.infer<typeof ZProcessImportBody>;

function columnIndex(columns: readonly string[], name: string, field: string): number {
  const index = columns.findIndex((c) => c.trim() === name.trim());
  if (index < 0) throw new DomainError('validation_failed', `${field}: the file has no column "${name}" (columns: ${columns.join(', ')}).`, { field });
  return index;
}

export async function requestProcessing(ctx: Ctx, actor: TenantActor, id: string, body: TProcessImportBody) {
  return inTransaction(ctx, async (tx) => {
    await exec(tx.em, 'select 1 from organizations where id = ? for update', [actor.organizationId]);
    const row = await findImport(tx, actor.organizationId, id, true);
    if (row.state !== 'uploaded') throw new DomainError('import_not_ready', `Only an uploaded import can be processed; this one is ${row.state}.`);
    const busy = await one(tx.em, "select 1 from contact_imports where organization_id = ? and state in ('uploading', 'queued', 'processing')", [actor.organizationId]);
    if (busy) throw new DomainError('import_in_progress', 'Another import of this organization is being uploaded or processed; wait for it to finish.');
    const columns = row.columns ?? [];
    const phoneIndex = columnIndex(columns, body.phone_column, 'phone_column');
    const nameIndex = body.name_column ? columnIndex(columns, body.name_column, 'name_column') : null;
    if (body.group_id) {
      await findGroup(tx, actor.organizationId, body.group_id).catch(() => {
        throw new DomainError('validation_failed', `group_id: ${body.group_id} is not a group of this organization.`, { field: 'group_id' });
      });
    }
    const groupId = body.group_name ? await insertGroup(tx, actor.organizationId, body.group_name) : (body.group_id ?? null);
    const mapping = {
      phone_column: body.phone_column,
      name_column: body.name_column ?? null,
      phone_index: phoneIndex,
      name_index: nameIndex,
      requested_by: actor.kind === 'member' ? actor.memberId : null,
    };
    await exec(tx.em, "update contact_imports set state = 'queued', mapping = ?::jsonb, consent = ?::jsonb, group_id = ? where id = ?", [
      JSON.stringify(mapping),
      body.consent ? JSON.stringify(body.consent) : null,
      groupId,
      id,
    ]);
    // Queued in the same transaction: the job exists exactly when the import says queued.
    await exec(tx.em, "select graphile_worker.add_job('process_contact_import', json_build_object('importId', ?::text), job_key := ?, max_attempts := 3)", [
      id,
      `contact-import:${id}`,
    ]);
    await recordAudit(tx, actor, {
      organizationId: actor.organizationId,
      action: 'contact_import.process_requested',
      targetType: 'contact_import',
      targetId: id,
      details: { group_id: groupId, consent: body.consent ?? null },
    });
    return { import: importView(await findImport(tx, actor.organizationId, id)) };
  });
}
