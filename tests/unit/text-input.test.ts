import { describe, expect, it } from 'vitest';
import { findHostileText, hostileCharacter } from '../../core/domain/text-input.ts';

describe('hostileCharacter', () => {
  it.each([
    ['plain text', 'Duka la Mama', false, null],
    ['emoji (a surrogate pair)', 'Asante 🙏', false, null],
    ['Swahili and accents', 'Ñoño ça', false, null],
    ['NUL', 'a\u0000b', false, /control character U\+0000 at position 2/],
    ['tab', 'a\tb', false, /U\+0009/],
    ['DEL', 'a\u007fb', false, /U\+007F/],
    ['escape', '\u001b[31m', false, /U\+001B at position 1/],
    ['a newline outside a body', 'a\nb', false, /U\+000A/],
    ['a newline in a body', 'a\nb\r\n\fc', true, null],
    ['NUL in a body', 'a\u0000', true, /U\+0000/],
    ['a lone high surrogate', 'x\ud800', false, /lone surrogate U\+D800 at position 2/],
    ['a lone low surrogate', '\udc00x', false, /lone surrogate U\+DC00 at position 1/],
    ['a high surrogate before a non-surrogate', '\ud800a', false, /lone surrogate/],
    ['reversed pair', '\udc00\ud800', false, /lone surrogate U\+DC00/],
  ])('%s', (_label, text, multiline, expected) => {
    const found = hostileCharacter(text, multiline);
    if (expected === null) expect(found).toBeNull();
    else expect(found).toMatch(expected);
  });
});

describe('findHostileText', () => {
  it('names the field by its path, array positions as numbers', () => {
    expect(findHostileText({ name: 'ok', consent: { note: 'x\u0000' } })).toEqual({ field: 'consent.note', message: expect.stringMatching(/^consent\.note contains the control character U\+0000/) });
    expect(findHostileText({ group_ids: ['a', 'b\ud800'] })?.field).toBe('group_ids.1');
    expect(findHostileText({ body: 'line\nline', sender_id: 'S\u0000' })?.field).toBe('sender_id');
    expect(findHostileText({ body: 'line\nline', n: 5, ok: true, none: null })).toBeNull();
    expect(findHostileText('\u0000')?.field).toBe('body');
    expect(findHostileText({ ['k\u0000']: 1 })?.message).toMatch(/^A field name contains/);
  });
});

describe('findHostileText on values of any depth', () => {
  const deep = (depth: number, leaf: unknown) => JSON.parse(`${'['.repeat(depth)}${JSON.stringify(leaf)}${']'.repeat(depth)}`);

  it('reads 100,000 nested arrays without overflowing the stack (it overflowed at a few thousand)', () => {
    expect(findHostileText({ email: deep(100_000, 'x') })).toBeNull();
    const found = findHostileText({ email: deep(100_000, 'x\u0000') });
    expect(found?.field).toBe(`email${'.0'.repeat(100_000)}`);
  });

  it('keeps the order of a depth-first walk in key order: a key is read before its value, a value before the next key', () => {
    expect(findHostileText({ a: { b: ['ok', 'x\u0001'] }, ['c\u0002']: 'y\u0003' })?.field).toBe('a.b.1');
    expect(findHostileText({ a: { ['b\u0002']: 'x\u0001' } })).toEqual({ field: 'a', message: expect.stringMatching(/^A field name contains the control character U\+0002/) });
    expect(findHostileText({ a: 'ok', ['b\u0002']: 'x\u0001', c: '\u0003' })?.message).toMatch(/^A field name .*U\+0002/);
    expect(findHostileText([[], [{}, ['\u0004']], '\u0005'])?.field).toBe('1.1.0');
  });

  it('a message body keeps its line breaks at any depth, and a path given names the top', () => {
    expect(findHostileText({ messages: [{ body: 'a\nb' }] })).toBeNull();
    expect(findHostileText({ messages: [{ to: 'a\nb' }] })?.field).toBe('messages.0.to');
    expect(findHostileText('a\nb', ['body'])).toBeNull();
    expect(findHostileText({ note: '\u0000' }, ['filter'], 'query')?.field).toBe('filter.note');
  });
});
