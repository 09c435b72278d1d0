// Every operation of the OpenAPI document × every role, against one table (DESIGN.md section 5): a member
// whose role lacks the operation's permission gets 403 forbidden before anything is read or changed; one
// whose role has it is never refused as forbidden.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLES, roleHas, PERMISSIONS, type Permission, type Role } from '../../core/domain/access.ts';
import { buildOpenApi } from '../../rest-facade/openapi.ts';
import { allRoutes } from '../../rest-facade/routes/index.ts';
import { createOrg, EVERY_ROLE, setupTestEnv, signInAs, type TestEnv } from '../support/app.ts';

// DESIGN.md section 5, written out: owner and admin everything; developer messages, keys, webhooks, sender
// IDs, wallet read; marketer contacts, campaigns, launch, opt-outs, imports (and sender IDs to pick one);
// analyst read only without contacts; billing the wallet.
const TABLE: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  admin: PERMISSIONS,
  developer: ['messages.send', 'messages.read', 'api_keys.manage', 'webhooks.read', 'webhooks.write', 'sender_ids.read', 'sender_ids.request', 'wallet.read'],
  marketer: ['contacts.read', 'contacts.write', 'campaigns.read', 'campaigns.write', 'campaigns.launch', 'opt_outs.write', 'imports.write', 'sender_ids.read'],
  analyst: ['messages.read', 'campaigns.read', 'sender_ids.read', 'wallet.read', 'webhooks.read'],
  billing: ['wallet.read', 'wallet.top_up', 'wallet.manage'],
};

// Operations any signed-in member may call, whatever the role.
const ANY_MEMBER = new Set(['signIn', 'signOut', 'whoAmI', 'getServiceStatus', 'getOpenApi']);
/** Operations no member calls: the aggregator's callback, proven by its signature alone. */
const NO_MEMBER = new Set(['receiveMobileMoneyNotice']);

interface Operation {
  method: string;
  path: string;
  operationId: string;
  permission: Permission | null;
}

const doc = buildOpenApi(allRoutes) as { paths: Record<string, Record<string, { operationId: string; 'x-svc-permission': Permission | null }>> };
const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ method, path, operationId: op.operationId, permission: op['x-svc-permission'] })),
);

let env: TestEnv;
let sessions: Record<Role, Awaited<ReturnType<typeof signInAs>>>;

beforeAll(async () => {
  env = await setupTestEnv();
  const org = await createOrg(env, { members: EVERY_ROLE, keys: {} });
  sessions = {} as typeof sessions;
  for (const role of ROLES) sessions[role] = await signInAs(env, org.members[role]!);
});

describe('roles', () => {
  it.each(ROLES)('%s has exactly the permissions of the table', (role) => {
    expect(PERMISSIONS.filter((p) => roleHas(role, p))).toEqual(PERMISSIONS.filter((p) => TABLE[role].includes(p)));
  });

  it('the OpenAPI document states a permission for every operation but those open to any member', () => {
    const unstated = operations.filter((op) => op.permission === null && !ANY_MEMBER.has(op.operationId) && !NO_MEMBER.has(op.operationId)).map((op) => op.operationId);
    expect(unstated).toEqual([]);
  });
});

describe.each(ROLES)('a signed-in %s', (role) => {
  it.each(operations.filter((op) => op.permission !== null).map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))(
    '%s: forbidden exactly when the table says so',
    async (_name, op) => {
      const session = sessions[role];
      const url = op.path.replace(/\{\w+\}/g, () => randomUUID());
      const req = (session.agent as unknown as Record<string, (u: string) => import('supertest').Test>)[op.method]!(url).set('X-CSRF-Token', session.csrf);
      const res = op.method === 'get' || op.method === 'head' ? await req : await req.send({});
      const forbidden = res.status === 403 && res.body?.error?.code === 'forbidden';
      expect(forbidden, `${role} ${op.operationId} (${op.permission}): ${res.status} ${JSON.stringify(res.body)}`).toBe(!TABLE[role].includes(op.permission!));
    },
  );
});
