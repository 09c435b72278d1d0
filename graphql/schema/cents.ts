// Cents: money as an exact integer number of cents, never a float.
import { builder } from '../builder.ts';

builder.scalarType('Cents', {
  description: 'An amount of money in cents (1/100 TZS), an exact integer.',
  serialize: (v) => {
    if (!Number.isSafeInteger(v)) throw new Error('cents must be a safe integer');
    return v;
  },
  parseValue: (v) => {
    if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw new Error('cents must be an integer');
    return v;
  },
});
