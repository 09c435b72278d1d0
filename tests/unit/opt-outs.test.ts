// Opt-outs: active until cleared, one per number and organization (the SQL twin is checked on PostgreSQL).
import { describe, expect, it } from 'vitest';
import { activeOptOutOf, isActiveOptOut } from '../../core/domain/opt-outs.ts';

const CLEARED = new Date('2026-11-22T10:00:00Z');

describe('active opt-outs', () => {
  it('an opt-out is active until it is cleared', () => {
    expect(isActiveOptOut({ clearedAt: null })).toBe(true);
    expect(isActiveOptOut({ clearedAt: CLEARED })).toBe(false);
  });

  it('are found by organization and number, never a cleared one', () => {
    const optOuts = [
      { id: 'a', organizationId: 'org-1', phone: '+255754000001', clearedAt: CLEARED },
      { id: 'b', organizationId: 'org-1', phone: '+255754000001', clearedAt: null },
      { id: 'c', organizationId: 'org-2', phone: '+255754000002', clearedAt: null },
    ];
    expect(activeOptOutOf(optOuts, 'org-1', '+255754000001')?.id).toBe('b');
    expect(activeOptOutOf(optOuts, 'org-1', '+255754000002')).toBeNull();
    expect(activeOptOutOf(optOuts.slice(0, 1), 'org-1', '+255754000001')).toBeNull();
  });
});
