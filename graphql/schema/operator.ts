// Operator: the mobile operator a number was issued to, by Tanzania's numbering plan.
import { builder } from '../builder.ts';
import { upperCaseValues } from '../enums.ts';
import { OPERATORS } from '../../core/domain/operators.ts';

export const Operator = builder.enumType('Operator', {
  description: 'The operator a number was issued to, by Tanzania’s numbering plan (YAS: Tigo and Zantel).',
  values: upperCaseValues(OPERATORS),
});
