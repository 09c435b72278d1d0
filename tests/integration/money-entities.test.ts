// The money area's entities against the real database: a request's EntityManager keeps the entities it loaded
// (its identity map), yet every read of an organization or a top-up request answers the row as it is now, as the
// statements they replaced did, even after another request or a statement changed it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TenantActor } from '../../core/app/actor.ts';
import { inTransaction } from '../../core/app/context.ts';
import { requireOrganization } from '../../core/app/organizations/find-organization.ts';
import { setOrganizationVerified } from '../../core/app/organizations/create-organization.ts';
import { requestTopUp } from '../../core/app/wallet/top-ups/request-top-up.ts';
import { declineTopUp } from '../../core/app/wallet/top-ups/decline-top-up.ts';
import { findTopUp, lockTopUp } from '../../core/app/wallet/top-ups/top-up-view.ts';
import { listTopUps } from '../../core/app/wallet/top-ups/list-top-ups.ts';
import { createOrg, operator, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let org: OrgFixture;

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, { members: { billing: 'billing' }, keys: {} });
}, 60_000);

const billing = (): TenantActor => ({ kind: 'member', organizationId: org.id, memberId: org.members.billing!.id, role: 'billing', sessionId: 'entities-test' });

describe('an organization read through a request that loaded it before', () => {
  it('answers the row as another request left it, locked or not', async () => {
    const ctx = await env.ctx();
    expect((await requireOrganization(ctx, org.id)).verified).toBe(true);
    await setOrganizationVerified(await env.ctx(), operator, org.id, false);
    expect((await requireOrganization(ctx, org.id)).verified).toBe(false);
    await env.sql('update organizations set name = ? where id = ?', ['Renamed by a statement', org.id]);
    const locked = await inTransaction(ctx, (tx) => requireOrganization(tx, org.id, true));
    expect(locked).toMatchObject({ verified: false, name: 'Renamed by a statement' });
    await setOrganizationVerified(await env.ctx(), operator, org.id, true);
  });

  it('is not found for an id no organization has, or one that is not a uuid', async () => {
    const ctx = await env.ctx();
    await expect(requireOrganization(ctx, '0196d5a0-0000-7000-8000-000000000000')).rejects.toMatchObject({ code: 'not_found', field: 'organization' });
    await expect(requireOrganization(ctx, 'not-a-uuid')).rejects.toMatchObject({ code: 'not_found', field: 'organization' });
  });
});

describe('a top-up request read through a request that loaded it before', () => {
  it('answers its decision once another request made it, in the request and in the list', async () => {
    const ctx = await env.ctx();
    const { top_up } = await requestTopUp(ctx, billing(), { amount: 12_345, method: 'mobile_money', reference: 'MPESA-ENTITY-1' });
    expect((await findTopUp(ctx, top_up.id)).status).toBe('pending');
    const listed = await listTopUps(ctx, billing(), { limit: 50 });
    expect(listed.top_ups.find((t) => t.id === top_up.id)).toEqual(top_up);
    await declineTopUp(await env.ctx(), operator, { topUpId: top_up.id, reason: 'No such payment' });
    const found = await findTopUp(ctx, top_up.id);
    expect(found).toMatchObject({ status: 'declined', declineReason: 'No such payment', amount: 12_345n });
    expect(found.decidedAt).toBeInstanceOf(Date);
    const again = await listTopUps(ctx, billing(), { limit: 50 });
    expect(again.top_ups.find((t) => t.id === top_up.id)).toMatchObject({ status: 'declined', decline_reason: 'No such payment', amount: 12_345 });
  });

  it("is not found, when locked for one organization, if it is another's", async () => {
    const other = await createOrg(env, { members: {}, keys: {} });
    const { top_up } = await requestTopUp(await env.ctx(), billing(), { amount: 500, method: 'bank_transfer', reference: 'NMB-ENTITY-2' });
    const ctx = await env.ctx();
    await expect(inTransaction(ctx, (tx) => lockTopUp(tx, top_up.id, other.id))).rejects.toMatchObject({ code: 'not_found', field: 'top_up' });
    await expect(inTransaction(ctx, (tx) => lockTopUp(tx, top_up.id, org.id))).resolves.toMatchObject({ id: top_up.id, organizationId: org.id });
  });
});
