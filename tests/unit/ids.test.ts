// Ids: version-7 UUIDs, increasing in the order they are made (keyset paging follows creation), all distinct,
// across many refills of the random pool.
import { describe, expect, it } from 'vitest';
import { newId, UUID_RE } from '../../core/db/ids.ts';

describe('newId', () => {
  it('gives distinct, increasing version-7 UUIDs with the RFC 4122 variant', () => {
    const ids = Array.from({ length: 5_000 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < ids.length; i++) expect(ids[i]! > ids[i - 1]!, `${ids[i - 1]} then ${ids[i]}`).toBe(true);
    for (const id of ids) {
      expect(id).toMatch(UUID_RE);
      expect(id[14]).toBe('7');
      expect('89ab').toContain(id[19]);
    }
  });

  it('draws fresh random bits for every id (no two share their random tail)', () => {
    const tails = Array.from({ length: 2_000 }, () => newId().slice(24));
    expect(new Set(tails).size).toBe(tails.length);
  });
});
