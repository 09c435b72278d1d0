// POST /v1/contact-imports/{id}/process: choose the columns, the group, the consent and the fields, and queue the work.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { lockOrganization } from '../../db/lock-order.ts';
import { findGroup } from '../../db/groups/groups.ts';
import { importInProgress, queueImport } from '../../db/imports/imports.ts';
import type { TProcessImportBody } from '../../inputs/imports.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { addGroup } from '../groups/save-group.ts';
import { importView, requireImport } from './import-view.ts';
import { checkWholeFileConsent } from './import-consent-choice.ts';
import { mapColumns } from './import-columns.ts';

export { ZProcessImportBody, type TProcessImportBody } from '../../inputs/imports.ts';

export const access: Access = { scopes: [], permission: 'imports.write' };

export async function requestProcessing(ctx: Ctx, actor: TenantActor, id: string, body: TProcessImportBody) {
  // Refused before anything is read or locked: the old single checkbox no longer records consent by itself.
  const wholeFile = checkWholeFileConsent(body.consent);
  return inTransaction(ctx, async (tx) => {
    await lockOrganization(tx.em, actor.organizationId);
    const row = await requireImport(tx, actor.organizationId, id, true);
    if (row.state !== 'uploaded') throw new DomainError('import_not_ready', `Only an uploaded import can be processed; this one is ${row.state}.`);
    if (await importInProgress(tx.em, actor.organizationId)) throw new DomainError('import_in_progress', 'Another import of this organization is being uploaded or processed; wait for it to finish.');
    if (body.group_id && !(await findGroup(tx.em, actor.organizationId, body.group_id))) {
      throw new DomainError('validation_failed', `group_id: ${body.group_id} is not a group of this organization.`, { field: 'group_id' });
    }
    const columns = await mapColumns(tx, actor.organizationId, row.columns ?? [], body);
    const groupId = body.group_name ? (await addGroup(tx, actor.organizationId, body.group_name)).id : (body.group_id ?? null);
    const mapping = { ...columns, consent_note: body.consent_note ?? null, requested_by: actor.kind === 'member' ? actor.memberId : null };
    await queueImport(tx.em, id, { mapping, consent: wholeFile, groupId });
    await recordAudit(tx, actor, {
      organizationId: actor.organizationId,
      action: 'contact_import.process_requested',
      targetType: 'contact_import',
      targetId: id,
      details: { group_id: groupId, consent: wholeFile, consent_column: columns.consent_column, fields: columns.fields.map((f) => f.field_id) },
    });
    if (wholeFile) {
      // Consent for everyone in a file is the member's own statement: who, which file, how many rows.
      await recordAudit(tx, actor, {
        organizationId: actor.organizationId,
        action: 'consent.whole_file_confirmed',
        targetType: 'contact_import',
        targetId: id,
        details: { filename: row.filename, rows: row.rows, note: wholeFile.note, confirmation: wholeFile.confirmation },
      });
    }
    return { import: importView(await requireImport(tx, actor.organizationId, id)) };
  });
}
