// Consent to promotional messages: a contact consents when its latest consent record is a recorded consent. Twin of
// latest_consent and contact_consented (migration 0024), held to the same answers on PostgreSQL.
import type { TrafficClass } from './pricing.ts';

/** The consent history's entries: consents recorded and cleared, opt-outs recorded and cleared. */
export type ConsentAction = 'consent_recorded' | 'consent_cleared' | 'opted_out' | 'opt_out_cleared';

export interface ConsentEntry {
  /** Time-ordered: a later entry has a greater id (uuid v7, compared as text). */
  id: string;
  action: ConsentAction;
}

const DECIDES_CONSENT: ReadonlySet<ConsentAction> = new Set(['consent_recorded', 'consent_cleared']);

/** The contact's latest entry that records or clears a consent (opt-outs are a rule of their own), or null. */
export function latestConsentEntry<E extends ConsentEntry>(history: readonly E[]): E | null {
  let latest: E | null = null;
  for (const entry of history) if (DECIDES_CONSENT.has(entry.action) && (latest === null || entry.id > latest.id)) latest = entry;
  return latest;
}

/** No entry, no consent. */
export function hasConsent(history: readonly ConsentEntry[]): boolean {
  return latestConsentEntry(history)?.action === 'consent_recorded';
}

/** Promotional messages need the recipient's consent; transactional ones never ask for it (SPEC 9). */
export function needsConsent(trafficClass: TrafficClass): boolean {
  return trafficClass === 'promotional';
}
