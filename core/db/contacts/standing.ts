// A contact's standing beside its row: its latest consent record, whether its number is opted out, its groups and
// its field values.
// Every read of contacts shares these columns and joins, so each answers the questions of migration 0024 alike.

/** The latest consent record of a contact (migration 0024's latest_consent): a consent recorded or cleared. */
export interface LatestConsent {
  /** Whether that record is a recorded consent. */
  consented: boolean;
  source: string;
  note: string | null;
  actorType: string;
  actorId: string | null;
  recordedAt: Date;
}

export interface ContactStanding {
  /** Null without any consent record. */
  latestConsent: LatestConsent | null;
  optedOut: boolean;
  groupIds: string[];
  /** The contact's field values, by field name ignoring case. */
  fields: ContactFieldValue[];
}

export interface ContactFieldValue {
  id: string;
  name: string;
  value: string;
}

/** The columns of a contact's standing, for a statement over `contacts c` joined by STANDING_JOINS. */
export const STANDING_COLUMNS = `cr.consented as consent_given, cr.source as consent_source, cr.note as consent_note,
    cr.actor_type as consent_actor_type, cr.actor_id as consent_actor_id, cr.recorded_at as consent_recorded_at,
    coalesce(oo.active, false) as opted_out,
    coalesce((select array_agg(gm.group_id::text order by gm.group_id) from group_members gm where gm.contact_id = c.id), '{}') as group_ids,
    coalesce((select jsonb_agg(jsonb_build_object('id', f.id, 'name', f.name, 'value', v.value) order by lower(f.name), f.id)
      from contact_field_values v join contact_fields f on f.id = v.field_id where v.contact_id = c.id), '[]'::jsonb) as field_values`;

export const STANDING_JOINS = `left join lateral latest_consent(c.id) cr on true
  -- A lateral probe per listed contact (the limit keeps it one): as a plain EXISTS the planner hashes every opt-out instead.
  left join lateral (select true as active from active_opt_out(c.organization_id, c.phone) limit 1) oo on true`;

/** The standing columns as a statement returns them. */
export interface StandingColumns {
  consent_given: boolean | null;
  consent_source: string | null;
  consent_note: string | null;
  consent_actor_type: string | null;
  consent_actor_id: string | null;
  consent_recorded_at: Date | null;
  opted_out: boolean;
  group_ids: string[];
  field_values: ContactFieldValue[] | string;
}

export function standingOf(row: StandingColumns): ContactStanding {
  const latestConsent =
    row.consent_given === null
      ? null
      : {
          consented: row.consent_given,
          source: row.consent_source!,
          note: row.consent_note,
          actorType: row.consent_actor_type!,
          actorId: row.consent_actor_id,
          recordedAt: row.consent_recorded_at!,
        };
  // The pool's client parses jsonb; the ORM's connection may hand it back as text.
  const fields = typeof row.field_values === 'string' ? (JSON.parse(row.field_values) as ContactFieldValue[]) : row.field_values;
  return { latestConsent, optedOut: row.opted_out, groupIds: row.group_ids, fields };
}
