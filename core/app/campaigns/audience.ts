// The audience a quote freezes: the draft's groups in audience order, one row per number, within the quote's limits.
import type { Ctx } from '../context.ts';
import type { CampaignRow } from '../../db/campaigns/rows.ts';
import { DomainError } from '../../domain/errors.ts';
import { deleteAudience } from '../../db/campaigns/audience.ts';
import { freezeRecipients } from '../../db/campaigns/freeze-audience.ts';

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
  await deleteAudience(tx.em, { organization_id: row.organization_id, id: row.id, quote_id: row.quote_id }, tx.now);
}

function audienceTooLarge(what: string): DomainError {
  return new DomainError(
    'audience_too_large',
    `The audience has ${what}; a quote takes at most ${MAX_AUDIENCE_NUMBERS.toLocaleString('en')} numbers or ${MAX_AUDIENCE_MEMBERSHIPS.toLocaleString('en')} group memberships.`,
    { field: 'group_ids' },
  );
}

/** Memberships counted from the groups' kept member counts: a draft too large is refused before any work. */
export function checkMemberships(memberships: number): void {
  if (memberships > MAX_AUDIENCE_MEMBERSHIPS) throw audienceTooLarge(`${memberships.toLocaleString('en')} group memberships`);
}

/**
 * Freezes the audience of a quote (core/db/campaigns/freeze-audience.ts) and counts it: each number once, active
 * opt-outs left out, and numbers without consent when the class needs it. The caller's transaction must carry the
 * statement timeout (quote_timeout).
 */
export async function freezeAudience(
  tx: Ctx,
  input: { organizationId: string; quoteId: string; groupIds: string[]; consentNeeded: boolean },
): Promise<AudienceCounts> {
  const counts = { ...(await freezeRecipients(tx.em, input)), duplicates: 0 };
  counts.duplicates = counts.memberships - counts.numbers;
  if (counts.numbers > MAX_AUDIENCE_NUMBERS) throw audienceTooLarge(`${counts.numbers.toLocaleString('en')} numbers`);
  return counts;
}
