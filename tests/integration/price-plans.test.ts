// Versioned price plans against the real database: none means no_price_plan; each change is a new version.
import { beforeAll, describe, expect, it } from 'vitest';
import { currentPricePlan, setPricePlan } from '../../core/app/price-plans/price-plan.ts';
import { DomainError } from '../../core/domain/errors.ts';
import { createOrg, operator, setupTestEnv, type TestEnv } from '../support/app.ts';

let env: TestEnv;

beforeAll(async () => {
  env = await setupTestEnv();
});

const newOrg = async () => (await createOrg(env, { pricePlan: false, members: {}, keys: {} })).id;

async function versions(orgId: string): Promise<number[]> {
  const found = await env.sql<{ version: number }>('select version from price_plans where organization_id = ? order by version', [orgId]);
  return found.map((r) => Number(r.version));
}

describe('currentPricePlan', () => {
  it('throws DomainError no_price_plan for an organization without a plan', async () => {
    const orgId = await newOrg();
    const err = await currentPricePlan(await env.ctx(), orgId).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ code: 'no_price_plan' });
  });

  it("does not borrow another organization's plan", async () => {
    const withPlan = (await createOrg(env, { members: {}, keys: {} })).id;
    const without = await newOrg();
    await expect(currentPricePlan(await env.ctx(), withPlan)).resolves.toMatchObject({ version: 1 });
    await expect(currentPricePlan(await env.ctx(), without)).rejects.toMatchObject({ code: 'no_price_plan' });
  });
});

describe('setPricePlan', () => {
  it('two changes give versions 1 and 2, and the current plan is the newest', async () => {
    const orgId = await newOrg();
    const first = await setPricePlan(await env.ctx(), operator, { organizationId: orgId, transactional: 2_000n, promotional: 2_500n });
    expect(first.price_plan).toMatchObject({ version: 1, currency: 'TZS', unit: 'cents', transactional: 2_000, promotional: 2_500 });
    await expect(currentPricePlan(await env.ctx(), orgId)).resolves.toEqual({
      id: first.price_plan.id,
      version: 1,
      rates: { transactional: 2_000n, promotional: 2_500n },
    });

    const second = await setPricePlan(await env.ctx(), operator, { organizationId: orgId, transactional: 1_800n, promotional: 0n });
    expect(second.price_plan).toMatchObject({ version: 2, transactional: 1_800, promotional: 0 });
    expect(second.price_plan.id).not.toBe(first.price_plan.id);
    await expect(currentPricePlan(await env.ctx(), orgId)).resolves.toEqual({
      id: second.price_plan.id,
      version: 2,
      rates: { transactional: 1_800n, promotional: 0n },
    });
    // The old version is kept, not overwritten.
    expect(await versions(orgId)).toEqual([1, 2]);
    const [old] = await env.sql<{ transactional_unit: string }>('select transactional_unit from price_plans where id = ?', [first.price_plan.id]);
    expect(old?.transactional_unit).toBe('2000');
  });

  it('versions count per organization', async () => {
    const a = await newOrg();
    const b = await newOrg();
    await setPricePlan(await env.ctx(), operator, { organizationId: a, transactional: 1n, promotional: 1n });
    await setPricePlan(await env.ctx(), operator, { organizationId: a, transactional: 2n, promotional: 2n });
    const firstOfB = await setPricePlan(await env.ctx(), operator, { organizationId: b, transactional: 3n, promotional: 3n });
    expect(firstOfB.price_plan.version).toBe(1);
    expect((await currentPricePlan(await env.ctx(), a)).rates.transactional).toBe(2n);
    expect((await currentPricePlan(await env.ctx(), b)).rates.transactional).toBe(3n);
  });

  it('audits each change as price_plan.set', async () => {
    const orgId = await newOrg();
    const { price_plan } = await setPricePlan(await env.ctx(), operator, { organizationId: orgId, transactional: 700n, promotional: 900n });
    const events = await env.sql<{ actor_type: string; target_id: string; details: Record<string, unknown> }>(
      "select actor_type, target_id, details from audit_events where organization_id = ? and action = 'price_plan.set'",
      [orgId],
    );
    expect(events).toEqual([
      { actor_type: 'operator', target_id: price_plan.id, details: expect.objectContaining({ version: 1, transactional: 700, promotional: 900 }) },
    ]);
  });

  it('an unknown organization is not_found and no plan is written', async () => {
    const id = '01900000-0000-7000-8000-0000000000aa';
    await expect(setPricePlan(await env.ctx(), operator, { organizationId: id, transactional: 1n, promotional: 1n })).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(await versions(id)).toEqual([]);
  });

  it('concurrent changes get distinct, consecutive versions and the current plan is the last', async () => {
    const orgId = await newOrg();
    const n = 12;
    const results = await Promise.all(
      Array.from({ length: n }, async (_, i) =>
        setPricePlan(await env.ctx(), operator, { organizationId: orgId, transactional: BigInt(1_000 + i), promotional: BigInt(2_000 + i) }),
      ),
    );
    const got = results.map((r) => r.price_plan.version).sort((x, y) => x - y);
    expect(got).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    expect(await versions(orgId)).toEqual(got);
    const newest = results.find((r) => r.price_plan.version === n)!;
    await expect(currentPricePlan(await env.ctx(), orgId)).resolves.toEqual({
      id: newest.price_plan.id,
      version: n,
      rates: { transactional: BigInt(newest.price_plan.transactional), promotional: BigInt(newest.price_plan.promotional) },
    });
  });
});
