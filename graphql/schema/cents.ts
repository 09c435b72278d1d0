// Cents: money as an exact integer number of cents, never a float.
import { builder } from '../builder.ts';

builder.scalarType('Cents', {
  description: 'An amount of money in cents of a Tanzanian shilling: 100 cents = 1 TZS, so 112500 is TZS 1,125.00. An exact integer (beyond 32 bits, safe to 2^53), never a fraction.',
  serialize: (v) => {
    if (!Number.isSafeInteger(v)) throw new Error('cents must be a safe integer');
    return v;
  },
  parseValue: (v) => {
    if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw new Error('cents must be an integer');
    return v;
  },
});
