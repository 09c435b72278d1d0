// fast-check generators of JSON text nested to a known depth (arrays, objects or both) and wide at one level,
// built as text: JSON.stringify itself recurses, and these go thousands of levels deep.
import fc from 'fast-check';
import { MAX_JSON_DEPTH } from '../../core/domain/json-depth.ts';

export interface Nesting {
  /** Levels of arrays and objects one inside another (at least 1). */
  depth: number;
  kinds: 'arrays' | 'objects' | 'mixed';
  /** Siblings next to the deeper value at level `wideAt` (0 for none). */
  width: number;
  wideAt: number;
}

export interface NestingBudget {
  /** Levels the place it goes already adds (the body object, a batch): the total is what the bound is about. */
  around: number;
  /** Characters the text may take (a URL holds far fewer than a body). */
  maxChars: number;
}

/** Depths around the bound (most often), under it, and far over it; wide levels now and then. */
export function nesting({ around, maxChars }: NestingBudget): fc.Arbitrary<Nesting> {
  const atBound = MAX_JSON_DEPTH - around;
  // An object level takes up to 10 characters in a URL (`{%22k%22:` and `}`), a sibling up to 13.
  const deepest = Math.max(atBound + 1, Math.floor(maxChars / 10));
  const depth = fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: Math.max(1, atBound - 2), max: atBound + 2 }) },
    { weight: 2, arbitrary: fc.integer({ min: 1, max: Math.max(1, atBound) }) },
    { weight: 2, arbitrary: fc.integer({ min: atBound + 1, max: deepest }) },
  );
  const width = fc.oneof({ weight: 2, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: Math.floor(maxChars / 30) }) });
  return fc
    .record({ depth, kinds: fc.constantFrom('arrays' as const, 'objects' as const, 'mixed' as const), width, wideAt: fc.nat() })
    .map((n) => ({ ...n, wideAt: n.wideAt % n.depth }));
}

const isArrayLevel = (n: Nesting, level: number) => n.kinds === 'arrays' || (n.kinds === 'mixed' && level % 3 !== 0);

/** The nesting as JSON text, a string at the bottom. */
export function nestingText(n: Nesting): string {
  const opens: string[] = [];
  const closes: string[] = [];
  for (let level = 0; level < n.depth; level++) {
    const siblings = level === n.wideAt ? n.width : 0;
    if (isArrayLevel(n, level)) {
      opens.push(`[${'0,'.repeat(siblings)}`);
      closes.push(']');
    } else {
      opens.push(`{${Array.from({ length: siblings }, (_, i) => `"s${i}":0,`).join('')}"k":`);
      closes.push('}');
    }
  }
  return `${opens.join('')}"leaf"${closes.reverse().join('')}`;
}

export function describeNesting(n: Nesting): string {
  return `${n.depth} levels of ${n.kinds}${n.width ? `, ${n.width} siblings at level ${n.wideAt + 1}` : ''}`;
}
