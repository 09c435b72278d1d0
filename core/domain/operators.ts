// Tanzania's mobile numbering plan: the operator a number was issued to, by the two digits after +255. Numbers
// move between operators (porting), so this names the operator of issue, which reports group by.

export type Operator = 'vodacom' | 'airtel' | 'yas' | 'halotel' | 'ttcl' | 'other';

export const OPERATORS: readonly Operator[] = ['vodacom', 'airtel', 'yas', 'halotel', 'ttcl', 'other'];

/** The two digits after +255 of each operator's ranges (Yas is Tigo and Zantel under one name). */
export const OPERATOR_PREFIXES: Readonly<Record<Exclude<Operator, 'other'>, readonly string[]>> = {
  vodacom: ['74', '75', '76'],
  airtel: ['68', '69', '78'],
  yas: ['65', '67', '71', '77'],
  halotel: ['61', '62'],
  ttcl: ['73'],
};

const BY_PREFIX = new Map(Object.entries(OPERATOR_PREFIXES).flatMap(([operator, prefixes]) => prefixes.map((p) => [p, operator as Operator])));

/** The operator of an E.164 Tanzanian number (+255…); anything else is `other`. */
export function operatorOf(e164: string): Operator {
  if (!e164.startsWith('+255')) return 'other';
  return BY_PREFIX.get(e164.slice(4, 6)) ?? 'other';
}

/**
 * The same table as a SQL expression over a column of E.164 numbers, for statements that group by operator
 * (the rollups' trigger); a test checks that it agrees with operatorOf for every prefix.
 */
export function operatorSql(column: string): string {
  const arms = Object.entries(OPERATOR_PREFIXES).map(([operator, prefixes]) => `when substr(${column}, 5, 2) in (${prefixes.map((p) => `'${p}'`).join(', ')}) then '${operator}'`);
  return `(case when ${column} not like '+255%' then 'other' ${arms.join(' ')} else 'other' end)`;
}
