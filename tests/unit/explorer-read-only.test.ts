// The dashboard's GraphQL explorer only reads: what it would refuse to send, and that the schema offers nothing else.
import { describe, expect, it } from 'vitest';
import { writesIn } from '../../dashboard/src/explorer/read-only.ts';
import { schema } from '../../graphql/schema/index.ts';

describe('the explorer reads only', () => {
  it('finds the mutations and subscriptions of a document, and nothing in queries', () => {
    expect(writesIn('{ wallet { available } }')).toEqual([]);
    expect(writesIn('query Q { wallet { available } } fragment F on Wallet { held }')).toEqual([]);
    expect(writesIn('mutation { wallet { available } }')).toEqual(['mutation']);
    expect(writesIn('query A { wallet { held } } subscription B { wallet { held } } mutation C { x }')).toEqual(['subscription', 'mutation']);
  });

  it('leaves a document that does not parse to the server, which says why', () => {
    expect(writesIn('mutation {')).toEqual([]);
  });

  it('has nothing else to offer: the schema has no mutation and no subscription', () => {
    expect(schema.getMutationType() ?? null).toBeNull();
    expect(schema.getSubscriptionType() ?? null).toBeNull();
  });
});
