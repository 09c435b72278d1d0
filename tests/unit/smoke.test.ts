import { describe, expect, it } from 'vitest';
import { DomainError, fail } from '../../core/domain/errors.ts';

describe('errors', () => {
  it('fail builds a DomainError result', () => {
    const r = fail('validation_failed', 'bad', { field: 'x' });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error).toBeInstanceOf(DomainError);
      expect(r.error.field).toBe('x');
    }
  });
});
