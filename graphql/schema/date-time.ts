// DateTime: an RFC 3339 timestamp with its offset, as every time the service shows.
import { builder } from '../builder.ts';

builder.scalarType('DateTime', {
  description: 'An RFC 3339 timestamp with offset.',
  serialize: (v) => v,
  // The use case checks the form (RFC 3339 with its offset) and names the argument when it is wrong.
  parseValue: (v) => {
    if (typeof v !== 'string') throw new Error('an RFC 3339 timestamp, as a string');
    return v;
  },
});
