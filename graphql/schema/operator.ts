// Operator: the mobile operator a number was issued to, by Tanzania's numbering plan.
import { builder } from '../builder.ts';
import { upperCaseValues } from '../enums.ts';
import { OPERATORS } from '../../core/domain/operators.ts';

export const Operator = builder.enumType('Operator', {
  description:
    'The mobile operator a number was issued to, by the two digits after +255 in Tanzania’s numbering plan. A number moved to another operator is still counted under the one that issued it.',
  values: upperCaseValues(OPERATORS, {
    vodacom: 'Vodacom: +255 74, 75 and 76.',
    airtel: 'Airtel: +255 68, 69 and 78.',
    yas: 'Yas (formerly Tigo and Zantel): +255 65, 67, 71 and 77.',
    halotel: 'Halotel: +255 61 and 62.',
    ttcl: 'TTCL: +255 73.',
    other: 'Any other number: a range not listed above.',
  }),
});
