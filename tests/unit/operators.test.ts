// The operator of a number by Tanzania's numbering plan (its SQL twin is checked against it on PostgreSQL).
import { describe, expect, it } from 'vitest';
import { OPERATORS, operatorOf } from '../../core/domain/operators.ts';

describe('operatorOf', () => {
  it.each([
    ['+255754123456', 'vodacom'],
    ['+255764123456', 'vodacom'],
    ['+255684123456', 'airtel'],
    ['+255784123456', 'airtel'],
    ['+255714123456', 'yas'],
    ['+255654123456', 'yas'],
    ['+255774123456', 'yas'],
    ['+255624123456', 'halotel'],
    ['+255734123456', 'ttcl'],
    ['+255794123456', 'other'],
    ['+254712345678', 'other'],
  ])('%s is %s', (phone, operator) => expect(operatorOf(phone)).toBe(operator));

  it('names only known operators', () => {
    for (let p = 0; p < 100; p++) expect(OPERATORS).toContain(operatorOf(`+255${String(p).padStart(2, '0')}1234567`));
  });
});

