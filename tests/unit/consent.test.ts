// Consent to promotional messages: the latest consent record decides (its SQL twin is checked on PostgreSQL).
import { describe, expect, it } from 'vitest';
import { hasConsent, latestConsentEntry, needsConsent, type ConsentAction } from '../../core/domain/consent.ts';

// Ids that sort as they were written, as uuid v7 ids do.
const history = (...actions: ConsentAction[]) => actions.map((action, i) => ({ id: `0190-${String(i).padStart(4, '0')}`, action }));

describe('hasConsent', () => {
  it.each([
    [[], false],
    [['consent_recorded'], true],
    [['consent_cleared'], false],
    [['consent_recorded', 'consent_cleared'], false],
    [['consent_cleared', 'consent_recorded'], true],
    [['consent_recorded', 'opted_out'], true],
    [['opted_out', 'opt_out_cleared'], false],
    [['consent_recorded', 'consent_cleared', 'opted_out', 'consent_recorded', 'opt_out_cleared'], true],
  ] as [ConsentAction[], boolean][])('%j: %s', (actions, expected) => expect(hasConsent(history(...actions))).toBe(expected));

  it('goes by the ids, not by the order it is given', () => {
    const written = history('consent_recorded', 'consent_cleared');
    expect(hasConsent([...written].reverse())).toBe(false);
    expect(latestConsentEntry([...written].reverse())).toEqual(written[1]);
  });
});

describe('needsConsent', () => {
  it('is asked of promotional traffic only', () => {
    expect(needsConsent('promotional')).toBe(true);
    expect(needsConsent('transactional')).toBe(false);
  });
});
