// Freezing a quote's audience: the draft's groups in audience order, one recipient row per number, in one statement.
import type { EntityManager } from '@mikro-orm/postgresql';
import { one, pgArray } from '../sql.ts';

/** What the freeze found, as counted in the same statement. */
export interface FrozenCounts {
  memberships: number;
  numbers: number;
  eligible: number;
  opted_out: number;
  no_consent: number;
}

/**
 * Freezes the audience of a quote in one statement: each number once, at its first group in the
 * draft's order (then by contact, oldest first); active opt-outs left out whatever the class; when the class
 * needs consent, numbers whose contact does not consent left out too.
 * The caller's transaction must carry the statement timeout (quote_timeout).
 */
export async function freezeRecipients(
  em: EntityManager,
  input: { organizationId: string; quoteId: string; groupIds: string[]; consentNeeded: boolean },
): Promise<FrozenCounts> {
  // Set-based over the whole audience: PostgreSQL inlines active_opt_out into a join (a hash join over the
  // organization's opt-outs, as a join written out would be), and consent is probed per contact by its latest
  // record (consent_records_contact).
  const found = await one<Record<keyof FrozenCounts, string>>(
    em,
    `with targets as (
       select t.id, t.ord from unnest(?::uuid[]) with ordinality as t(id, ord)
     ), memberships as (
       select gm.contact_id, t.ord from targets t join group_members gm on gm.group_id = t.id
     ), members as (
       select distinct on (contact_id) contact_id, ord from memberships order by contact_id, ord
     ), numbers as materialized (
       select m.contact_id, m.ord, c.phone, (o.id is not null) as opted_out,
         ${input.consentNeeded ? '(select consented from contact_consented(c.id))' : 'true'} as consented
       from members m
       join contacts c on c.organization_id = ? and c.id = m.contact_id
       left join lateral active_opt_out(?, c.phone) o on true
     ), inserted as (
       insert into campaign_recipients (organization_id, quote_id, n, phone)
       select ?, ?, row_number() over (order by ord, contact_id), phone from numbers where not opted_out and consented
       returning 1
     )
     select (select count(*) from memberships) as memberships,
       (select count(*) from numbers) as numbers,
       (select count(*) from inserted) as eligible,
       (select count(*) filter (where opted_out) from numbers) as opted_out,
       (select count(*) filter (where not opted_out and not consented) from numbers) as no_consent`,
    [pgArray(input.groupIds), input.organizationId, input.organizationId, input.organizationId, input.quoteId],
  );
  return {
    memberships: Number(found!.memberships),
    numbers: Number(found!.numbers),
    eligible: Number(found!.eligible),
    opted_out: Number(found!.opted_out),
    no_consent: Number(found!.no_consent),
  };
}
