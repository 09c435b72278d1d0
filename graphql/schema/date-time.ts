// DateTime: an RFC 3339 timestamp with its offset, as every time the service shows.
import { builder } from '../builder.ts';

builder.scalarType('DateTime', {
  description:
    'A moment, as an RFC 3339 timestamp with its offset. The service answers in UTC (2026-11-22T09:00:00.000Z is 12:00 in Dar es Salaam, EAT = UTC+3); it takes any offset (2026-11-22T00:00:00+03:00 is midnight in EAT).',
  serialize: (v) => v,
  // The use case checks the form (RFC 3339 with its offset) and names the argument when it is wrong.
  parseValue: (v) => {
    if (typeof v !== 'string') throw new Error('an RFC 3339 timestamp, as a string');
    return v;
  },
});
