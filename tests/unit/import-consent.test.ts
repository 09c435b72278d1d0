import { describe, expect, it } from 'vitest';
import { CONSENT_COLUMN_RULE, isWholeFileConsentPhrase, readConsentCell } from '../../core/domain/import-consent.ts';
import { fieldNameProblem, foldFieldName, tidyFieldName } from '../../core/domain/contact-fields.ts';

describe('consent at import', () => {
  it.each([
    ['CONSENT FOR ALL', true],
    ['RIDHAA KWA WOTE', true],
    ['  CONSENT FOR ALL ', true],
    ['consent for all', false],
    ['CONSENT  FOR ALL', false],
    ['yes', false],
    ['', false],
    [undefined, false],
  ])('the typed phrase %j confirms consent for the whole file: %s', (typed, ok) => {
    expect(isWholeFileConsentPhrase(typed)).toBe(ok);
  });

  it('a long unknown cell is shown cut in the reason', () => {
    expect(readConsentCell('x'.repeat(300))).toEqual({ kind: 'invalid', reason: expect.stringContaining(`"${'x'.repeat(40)}"`) });
  });

  it('the rule the API and the wizard show names every value', () => {
    for (const v of ['"yes"', '"ndiyo"', '"y"', '"1"', '"true"', '"no"', '"hapana"', '"n"', '"0"', '"false"', 'empty cell']) expect(CONSENT_COLUMN_RULE).toContain(v);
  });
});

describe('contact field names', () => {
  it.each([
    ['Mji', null],
    ['Tawi la duka 2', null],
    ['Zuhura’s', 'a field name holds letters, digits and single spaces only'],
    ['town/city', 'a field name holds letters, digits and single spaces only'],
    ['', 'a field name has 1 to 40 characters'],
    ['x'.repeat(41), 'a field name has 1 to 40 characters'],
    ['Consent', expect.stringContaining('is a column of every import already')],
  ])('%j: %j', (name, problem) => {
    expect(fieldNameProblem(tidyFieldName(name))).toEqual(problem);
  });

  it('are tidied (trimmed, single spaces) and compared ignoring case', () => {
    expect(tidyFieldName('  Tawi   la duka ')).toBe('Tawi la duka');
    expect(foldFieldName(' MJI ')).toBe(foldFieldName('mji'));
  });
});
