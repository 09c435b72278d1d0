// Consent for a whole file: kept only when the member typed one of the phrases; the old note alone is refused.
import { DomainError } from '../../domain/errors.ts';
import { WHOLE_FILE_CONSENT_PHRASES, isWholeFileConsentPhrase } from '../../domain/import-consent.ts';

const PHRASES = WHOLE_FILE_CONSENT_PHRASES.map((p) => `"${p}"`).join(' or ');

/** The whole-file consent to keep with the import, or null; refuses a request without the typed phrase. */
export function checkWholeFileConsent(consent: { note: string; confirmation?: string | undefined } | null | undefined): { note: string; confirmation: string } | null {
  if (!consent) return null;
  if (!isWholeFileConsentPhrase(consent.confirmation)) {
    const told = consent.confirmation === undefined ? 'is missing' : 'does not match';
    throw new DomainError(
      'consent_confirmation_required',
      `consent.confirmation ${told}: consent for every row of a file is recorded only when the member types ${PHRASES}. To record consent row by row, map a consent_column instead.`,
      { field: 'consent.confirmation' },
    );
  }
  return { note: consent.note, confirmation: consent.confirmation!.trim() };
}
