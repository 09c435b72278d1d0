// Which roles may hold which keys: a live key within the role's own permissions, a test key with a role that
// manages keys (SPEC Authentication 5 and 6, for the key's whole life).
import { describe, expect, it } from 'vitest';
import { ROLES, SCOPES, type Role, type Scope } from '../../core/domain/access.ts';
import { holdingShortfall, mayHoldKey } from '../../core/domain/key-holding.ts';

const live = (...scopes: Scope[]) => ({ mode: 'live' as const, scopes });
const test = (...scopes: Scope[]) => ({ mode: 'test' as const, scopes });

describe('holding a key', () => {
  it.each<[Role, ReturnType<typeof live>, string[]]>([
    ['owner', live(...SCOPES), []],
    ['admin', live(...SCOPES), []],
    ['developer', live('messages:send', 'wallet:read'), []],
    ['developer', live('messages:send', 'campaigns:write'), ['campaigns:write']],
    ['analyst', live('messages:send'), ['messages:send']],
    ['analyst', live('messages:read', 'wallet:read', 'webhooks:read'), []],
    ['marketer', live('campaigns:read', 'sender_ids:read'), []],
    ['marketer', live('messages:read'), ['messages:read']],
    ['billing', live('wallet:read'), []],
    ['billing', live('messages:read', 'wallet:read'), ['messages:read']],
  ])('%s and a live key of %j: lacks %j', (role, key, lacks) => {
    expect(holdingShortfall(role, key)).toEqual(lacks);
    expect(mayHoldKey(role, key)).toBe(lacks.length === 0);
  });

  it('a test key, whatever its scopes, needs a role that manages API keys', () => {
    const held = ROLES.filter((role) => mayHoldKey(role, test(...SCOPES)));
    expect(held).toEqual(['owner', 'admin', 'developer']);
    for (const role of ROLES) expect(holdingShortfall(role, test('wallet:read'))).toEqual(held.includes(role) ? [] : ['api_keys.manage']);
  });
});
