// Opt-outs' public shape (the number masked without contacts.read), and the opt-out or 404.
import type { Ctx } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { maskPhone } from '../../domain/phone.ts';
import { isActiveOptOut } from '../../domain/opt-outs.ts';
import { findOptOut, type OptOutRow } from '../../db/opt-outs/opt-outs.ts';

export type { OptOutRow };

export async function requireOptOut(ctx: Ctx, organizationId: string, id: string, lock = false): Promise<OptOutRow> {
  const row = await findOptOut(ctx.em, organizationId, id, { lock });
  if (!row) throw new DomainError('not_found', `No opt-out has the id ${id}.`);
  return row;
}

export function optOutView(row: OptOutRow, fullNumbers: boolean) {
  return {
    id: row.id,
    phone: fullNumbers ? row.phone : maskPhone(row.phone),
    source: row.source,
    reason: row.reason,
    active: isActiveOptOut({ clearedAt: row.cleared_at }),
    created_at: row.created_at.toISOString(),
    cleared_at: row.cleared_at?.toISOString() ?? null,
    clear_reason: row.clear_reason,
    clear_evidence: row.clear_evidence,
  };
}
