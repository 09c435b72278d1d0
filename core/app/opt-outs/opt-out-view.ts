// Opt-out rows and their public shape (the number masked without contacts.read).
import type { Ctx } from '../context.ts';
import { findOwned } from '../find-owned.ts';
import { maskPhone } from '../../domain/phone.ts';
import { isActiveOptOut } from '../../domain/opt-outs.ts';
import { iso, one } from '../../db/sql.ts';

export interface OptOutRow {
  id: string;
  organization_id: string;
  phone: string;
  source: string;
  reason: string | null;
  created_at: Date;
  cleared_at: Date | null;
  clear_reason: string | null;
  clear_evidence: string | null;
}

export function findOptOut(ctx: Ctx, organizationId: string, id: string, lock = false): Promise<OptOutRow> {
  return findOwned<OptOutRow>(ctx, { table: 'opt_outs', noun: 'opt-out' }, organizationId, id, lock);
}

export async function activeOptOut(ctx: Ctx, organizationId: string, phone: string): Promise<OptOutRow | undefined> {
  return one<OptOutRow>(ctx.em, 'select * from active_opt_out(?, ?)', [organizationId, phone]);
}

export function optOutView(row: OptOutRow, fullNumbers: boolean) {
  return {
    id: row.id,
    phone: fullNumbers ? row.phone : maskPhone(row.phone),
    source: row.source,
    reason: row.reason,
    active: isActiveOptOut({ clearedAt: row.cleared_at }),
    created_at: iso(row.created_at),
    cleared_at: iso(row.cleared_at),
    clear_reason: row.clear_reason,
    clear_evidence: row.clear_evidence,
  };
}
