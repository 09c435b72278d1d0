// Operator: the numbers and short codes organizations receive messages on. A number belongs to one organization at
// a time; assigning one another organization holds is refused, naming that organization.
import { z } from 'zod';
import type { Ctx } from '../context.ts';
import type { Actor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError, unwrap } from '../../domain/errors.ts';
import { ownedNumber } from '../../domain/owned-number.ts';
import { assignNumber, deleteNumber, findNumber, listNumbers, type NumberRow } from '../../db/inbound/inbound-numbers.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { requireOrganization } from '../organizations/find-organization.ts';

export const ZAssignNumberInput = z.strictObject({
  organizationId: z.uuid(),
  number: z.string().max(40),
});
export type TAssignNumberInput = z.infer<typeof ZAssignNumberInput>;

function numberView(row: NumberRow) {
  return {
    number: row.number,
    kind: row.kind,
    organization_id: row.organization_id,
    organization_name: row.organization_name,
    assigned_at: row.assigned_at.toISOString(),
  };
}

export async function assignInboundNumber(ctx: Ctx, actor: Actor, input: TAssignNumberInput) {
  const { number, kind } = unwrap(ownedNumber(input.number));
  return inTransaction(ctx, async (tx) => {
    await requireOrganization(tx, input.organizationId);
    const { row, inserted } = await assignNumber(tx.em, { number, kind, organizationId: input.organizationId, at: tx.now });
    if (row.organization_id !== input.organizationId) {
      throw new DomainError('conflict', `${number} already belongs to ${row.organization_name} (${row.organization_id}); release it first.`, {
        field: 'number',
        details: { organization_id: row.organization_id, organization_name: row.organization_name },
      });
    }
    if (inserted) {
      await recordAudit(tx, actor, { organizationId: input.organizationId, action: 'inbound_number.assigned', targetType: 'inbound_number', targetId: null, details: { number, kind } });
    }
    return { number: numberView(row), assigned: inserted };
  });
}

export async function releaseInboundNumber(ctx: Ctx, actor: Actor, raw: string) {
  const { number } = unwrap(ownedNumber(raw));
  return inTransaction(ctx, async (tx) => {
    const row = await findNumber(tx.em, number, true);
    if (!row) throw new DomainError('not_found', `${number} is not assigned to any organization.`, { field: 'number' });
    await deleteNumber(tx.em, number);
    await recordAudit(tx, actor, { organizationId: row.organization_id, action: 'inbound_number.released', targetType: 'inbound_number', targetId: null, details: { number } });
    return { released: numberView(row) };
  });
}

export async function listInboundNumbers(ctx: Ctx, organizationId: string | null) {
  if (organizationId) await requireOrganization(ctx, organizationId);
  return { numbers: (await listNumbers(ctx.em, organizationId)).map(numberView) };
}
