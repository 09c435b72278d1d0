import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, tooDeepText, tooDeepValue } from '../../core/domain/json-depth.ts';

const arrays = (depth: number, leaf = '1') => `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}`;
const objects = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;
/** A value nested `depth` levels: arrays and objects in turn. */
function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let level = depth; level > 0; level--) value = level % 2 ? [value] : { k: value };
  return value;
}

describe('tooDeepText', () => {
  it.each([
    ['a scalar', '"text"', null],
    ['an empty object', '{}', null],
    [`arrays ${MAX_JSON_DEPTH} deep`, arrays(MAX_JSON_DEPTH), null],
    [`arrays ${MAX_JSON_DEPTH + 1} deep`, arrays(MAX_JSON_DEPTH + 1), 'body'],
    [`objects ${MAX_JSON_DEPTH} deep`, objects(MAX_JSON_DEPTH), null],
    [`objects ${MAX_JSON_DEPTH + 1} deep`, objects(MAX_JSON_DEPTH + 1), 'body'],
    ['brackets inside strings are text', JSON.stringify({ a: '['.repeat(100), b: '{'.repeat(100) }), null],
    ['an escaped quote does not end the string', JSON.stringify({ a: `"${'['.repeat(100)}\\` }), null],
    ['a key full of brackets', JSON.stringify({ ['['.repeat(100)]: 1 }), null],
    ['levels closed and opened again never add up', `[${Array.from({ length: 1000 }, () => arrays(MAX_JSON_DEPTH - 1)).join(',')}]`, null],
    ['wide: 100,000 siblings', JSON.stringify(Array.from({ length: 100_000 }, (_, i) => ({ i }))), null],
    ['unclosed brackets past the bound (not JSON, but too deep before the parser could say so)', '['.repeat(MAX_JSON_DEPTH + 1), 'body'],
    ['stray closers do not make room for more', `${']'.repeat(100)}${arrays(MAX_JSON_DEPTH + 1)}`, 'body'],
  ])('%s', (_label, text, field) => {
    const found = tooDeepText(text, 'body');
    if (field === null) expect(found).toBeNull();
    else expect(found).toEqual({ field, message: `body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep; at most ${MAX_JSON_DEPTH} are accepted.` });
  });

  it('refuses the probe (6,000 nested arrays in 12 KB) and a 1 MB one without overflowing anything', () => {
    expect(tooDeepText(`{"email":${arrays(6000, '"x"')}}`, 'body')?.field).toBe('body');
    expect(tooDeepText(arrays(500_000), 'input')?.field).toBe('input');
  });

  it('reads UTF-8 read byte by byte (latin1) as it reads the decoded text', () => {
    const text = JSON.stringify({ name: 'Ñoño 🙏 ［｛', deep: nested(MAX_JSON_DEPTH - 1) });
    expect(tooDeepText(Buffer.from(text).toString('latin1'), 'body')).toBeNull();
    const deeper = JSON.stringify({ name: 'Ñoño 🙏', deep: nested(MAX_JSON_DEPTH) });
    expect(tooDeepText(Buffer.from(deeper).toString('latin1'), 'body')?.field).toBe('body');
  });
});

describe('tooDeepValue', () => {
  it.each([
    ['a scalar', 'text', null],
    ['null', null, null],
    [`${MAX_JSON_DEPTH} levels`, nested(MAX_JSON_DEPTH), null],
    [`${MAX_JSON_DEPTH + 1} levels`, nested(MAX_JSON_DEPTH + 1), 'variables'],
    ['the deep branch after wide shallow ones', [...Array.from({ length: 1000 }, () => [1]), nested(MAX_JSON_DEPTH)], 'variables'],
  ])('%s', (_label, value, field) => {
    const found = tooDeepValue(value, 'variables');
    if (field === null) expect(found).toBeNull();
    else expect(found?.field).toBe(field);
  });

  it('measures 100,000 levels without recursion', () => {
    expect(tooDeepValue(JSON.parse(arrays(100_000)), 'input')?.field).toBe('input');
  });
});

describe('one rule in both forms', () => {
  // The depth of a value by construction, independent of both functions under test.
  const valueOfDepth = fc.integer({ min: 0, max: MAX_JSON_DEPTH + 3 }).chain((depth) =>
    fc.array(fc.tuple(fc.boolean(), fc.string({ unit: 'binary', maxLength: 4 }), fc.jsonValue({ maxDepth: 0 })), { minLength: depth, maxLength: depth }).map((levels) => {
      let value: unknown = 'leaf';
      for (const [isArray, key, sibling] of levels) value = isArray ? [sibling, value, sibling] : { [`${key}x`]: sibling, [key]: value };
      return { value, depth };
    }),
  );

  it('the text and the parsed value give the same answer, which is depth > bound', () => {
    fc.assert(
      fc.property(valueOfDepth, ({ value, depth }) => {
        const text = JSON.stringify(value);
        const expected = depth > MAX_JSON_DEPTH;
        expect(tooDeepText(text, 'body') !== null).toBe(expected);
        expect(tooDeepValue(JSON.parse(text), 'body') !== null).toBe(expected);
      }),
      { numRuns: 300, seed: 20_261_127 },
    );
  });

  it('any JSON value at all: both forms agree', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: MAX_JSON_DEPTH + 4 }), (value) => {
        const text = JSON.stringify(value);
        expect(tooDeepText(text, 'body') === null).toBe(tooDeepValue(JSON.parse(text), 'body') === null);
      }),
      { numRuns: 300, seed: 20_261_127 },
    );
  });
});
