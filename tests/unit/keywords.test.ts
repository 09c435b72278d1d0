// Keyword rules without a database: folding, the conservative non-matches, the organization's lists over the
// defaults, and the default confirmations naming the words that undo them.
import { describe, expect, it } from 'vitest';
import { defaultReply, effectiveKeywords, foldKeyword, keywordOf, readWordList } from '../../core/domain/keywords.ts';

const defaults = effectiveKeywords(null);

describe('foldKeyword', () => {
  it.each([
    ['stop', 'STOP'],
    ['  Stop \n', 'STOP'],
    ['S T O P', 'STOP'],
    ['stop!!!', 'STOP'],
    ['"Acha."', 'ACHA'],
    ['ＳＴＯＰ', 'STOP'],
    ['\u200bstop', 'STOP'],
  ])('%j folds to %s', (body, word) => expect(foldKeyword(body)).toBe(word));

  it.each(['', '   ', '!!!', 'stop now', 'STOP STOP', 'S TO P'])('%j is no single word', (body) => expect(foldKeyword(body)).toBeNull());
});

describe('keywordOf', () => {
  it('reads the default words, and nothing else', () => {
    expect(keywordOf('sitaki', defaults)).toEqual({ kind: 'opt_out', word: 'SITAKI' });
    expect(keywordOf('Anza', defaults)).toEqual({ kind: 'opt_in', word: 'ANZA' });
    expect(keywordOf('S.T.O.P', defaults)).toBeNull();
    expect(keywordOf('please stop', defaults)).toBeNull();
    expect(keywordOf('stopp', defaults)).toBeNull();
  });

  it('reads an organization’s own lists instead of the defaults', () => {
    const own = effectiveKeywords({ optOutWords: ['BASI'], optInWords: ['RUDI'], optOutReply: null, optInReply: '' });
    expect(keywordOf('STOP', own)).toBeNull();
    expect(keywordOf('basi', own)).toEqual({ kind: 'opt_out', word: 'BASI' });
    expect(own.optInReply).toBeNull();
    expect(own.optOutReply).toBe('Umejiondoa. Tuma RUDI kujiunga tena. You have opted out. Reply RUDI to opt in again.');
  });
});

describe('defaultReply and readWordList', () => {
  it('the defaults name the words that undo them, and say less when nothing does', () => {
    expect(defaultReply('opt_out', defaults)).toBe('Umejiondoa. Tuma ANZA kujiunga tena. You have opted out. Reply START to opt in again.');
    expect(defaultReply('opt_in', defaults)).toBe('Umejiunga tena. Tuma ACHA kujiondoa. You have opted in again. Reply STOP to opt out.');
    expect(defaultReply('opt_out', { optOutWords: ['STOP'], optInWords: [] })).toBe('Umejiondoa. You have opted out.');
  });

  it('keeps words in capitals, once each, and refuses what is not a word', () => {
    expect(readWordList(['stop', ' Acha ', 'STOP'], 1)).toEqual({ ok: true, words: ['STOP', 'ACHA'] });
    expect(readWordList(['stop now'], 1).ok).toBe(false);
    expect(readWordList(['x'], 1).ok).toBe(false);
    expect(readWordList([], 1).ok).toBe(false);
    expect(readWordList([], 0)).toEqual({ ok: true, words: [] });
    expect(readWordList(Array.from({ length: 21 }, (_, i) => `W${i}`), 1).ok).toBe(false);
  });
});
