// The audience a quote freezes: the draft's groups in audience order, one row per number, in one SQL statement.
import type { Ctx } from '../context.ts';
import type { CampaignRow } from './campaign-view.ts';
import { DomainError } from '../../domain/errors.ts';
import { exec, one, pgArray } from '../../db/sql.ts';

export const MAX_AUDIENCE_NUMBERS = 1_000_000;
export const MAX_AUDIENCE_MEMBERSHIPS = 2_000_000;

export interface AudienceCounts {
  /** Group memberships of the draft's groups (a number in two groups counts twice). */
  memberships: number;
  /** Distinct numbers among them. */
  numbers: number;
  eligible: number;
  duplicates: number;
  opted_out: number;
  no_consent: number;
}

/** The draft's quote goes stale and the audience it froze is deleted (an edit, a discard, a new quote, a deleted group). */
export async function dropAudience(tx: Ctx, row: Pick<CampaignRow, 'organization_id' | 'id' | 'quote_id'>): Promise<void> {
  if (!row.quote_id) return;
  await exec(tx.em, 'update campaign_quotes set stale_at = coalesce(stale_at, ?) where organization_id = ? and id = ?', [tx.now, row.organization_id, row.quote_id]);
  await exec(tx.em, 'delete from campaign_recipients where organization_id = ? and quote_id = ?', [row.organization_id, row.quote_id]);
  await exec(tx.em, 'update campaigns set quote_id = null where organization_id = ? and id = ?', [row.organization_id, row.id]);
}

/** Memberships counted from the groups' kept member counts: a draft too large is refused before any work. */
export async function countMemberships(tx: Ctx, organizationId: string, groupIds: string[]): Promise<number> {
  const found = await one<{ n: string }>(tx.em, 'select coalesce(sum(member_count), 0) as n from groups where organization_id = ? and id = any(?::uuid[])', [
    organizationId,
    pgArray(groupIds),
  ]);
  return Number(found?.n ?? 0);
}

function audienceTooLarge(what: string): DomainError {
  return new DomainError(
    'audience_too_large',
    `The audience has ${what}; a quote takes at most ${MAX_AUDIENCE_NUMBERS.toLocaleString('en')} numbers or ${MAX_AUDIENCE_MEMBERSHIPS.toLocaleString('en')} group memberships.`,
    { field: 'group_ids' },
  );
}

export function checkMemberships(memberships: number): void {
  if (memberships > MAX_AUDIENCE_MEMBERSHIPS) throw audienceTooLarge(`${memberships.toLocaleString('en')} group memberships`);
}

/**
 * Freezes the audience of a quote in one statement: each number once, at its first group in the
 * draft's order (then by contact, oldest first); active opt-outs left out whatever the class; when the class
 * needs consent, numbers whose contact does not consent left out too.
 * The caller's transaction must carry the statement timeout (quote_timeout).
 */
export async function freezeAudience(
  tx: Ctx,
  input: { organizationId: string; quoteId: string; groupIds: string[]; consentNeeded: boolean },
): Promise<AudienceCounts> {
  // Set-based over the whole audience: PostgreSQL inlines active_opt_out into a join (a hash join over the
  // organization's opt-outs, as a join written out would be), and consent is probed per contact by its latest
  // record (consent_records_contact).
  const found = await one<Record<keyof AudienceCounts, string>>(
    tx.em,
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
  const counts = {
    memberships: Number(found!.memberships),
    numbers: Number(found!.numbers),
    eligible: Number(found!.eligible),
    opted_out: Number(found!.opted_out),
    no_consent: Number(found!.no_consent),
    duplicates: 0,
  };
  counts.duplicates = counts.memberships - counts.numbers;
  if (counts.numbers > MAX_AUDIENCE_NUMBERS) throw audienceTooLarge(`${counts.numbers.toLocaleString('en')} numbers`);
  return counts;
}
