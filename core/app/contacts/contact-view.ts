// Contact rows with their current consent, opt-out and groups, and their public shape (masked without contacts.read).
import { z } from 'zod';
import type { Ctx } from '../context.ts';
import type { Actor } from '../actor.ts';
import { memberCan } from '../actor.ts';
import { maskPhone } from '../../domain/phone.ts';
import { DomainError } from '../../domain/errors.ts';
import { UUID_RE } from '../../db/ids.ts';
import { iso, rows } from '../../db/sql.ts';

export interface ContactRow {
  id: string;
  organization_id: string;
  phone: string;
  name: string | null;
  created_at: Date;
  updated_at: Date;
  /** Whether the latest consent record is a recorded consent; null without one (migration 0024's latest_consent). */
  consent_given: boolean | null;
  consent_source: string | null;
  consent_note: string | null;
  consent_actor_type: string | null;
  consent_actor_id: string | null;
  consent_recorded_at: Date | null;
  opted_out: boolean;
  group_ids: string[];
}

export const ZContactName = z.string().trim().max(100);
export const ZConsentInput = z.strictObject({ note: z.string().trim().min(1).max(500) });

/** The select list that every contact read shares: the row, its latest consent record, opt-out and groups. */
export const CONTACT_SELECT = `
  select c.*, cr.consented as consent_given, cr.source as consent_source, cr.note as consent_note,
    cr.actor_type as consent_actor_type, cr.actor_id as consent_actor_id, cr.recorded_at as consent_recorded_at,
    coalesce(oo.active, false) as opted_out,
    coalesce((select array_agg(gm.group_id::text order by gm.group_id) from group_members gm where gm.contact_id = c.id), '{}') as group_ids
  from contacts c
  left join lateral latest_consent(c.id) cr on true
  -- A lateral probe per listed contact (the limit keeps it one): as a plain EXISTS the planner hashes every opt-out instead.
  left join lateral (select true as active from active_opt_out(c.organization_id, c.phone) limit 1) oo on true`;

/**
 * With lock, the contact row is locked by a statement of its own first: the read that follows then
 * starts after any change that held the lock, and sees its consent records too.
 */
export async function findContact(ctx: Ctx, organizationId: string, id: string, lock = false): Promise<ContactRow> {
  if (lock && UUID_RE.test(id)) await rows(ctx.em, 'select 1 from contacts where id = ? and organization_id = ? for update', [id, organizationId]);
  const sql = `${CONTACT_SELECT} where c.id = ? and c.organization_id = ?`;
  const found = UUID_RE.test(id) ? await rows<ContactRow>(ctx.em, sql, [id, organizationId]) : [];
  const row = found[0];
  if (!row) throw new DomainError('not_found', `No contact has the id ${id}.`);
  return row;
}

export function canSeeNumbers(actor: Actor): boolean {
  return memberCan(actor, 'contacts.read');
}

export function contactView(row: ContactRow, fullNumbers: boolean) {
  const consent =
    row.consent_given === true
      ? {
          note: row.consent_note,
          source: row.consent_source,
          recorded_at: iso(row.consent_recorded_at),
          recorded_by: { type: row.consent_actor_type, id: row.consent_actor_id },
        }
      : null;
  return {
    id: row.id,
    phone: fullNumbers ? row.phone : maskPhone(row.phone),
    name: row.name,
    consent,
    opted_out: row.opted_out,
    group_ids: row.group_ids,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}
