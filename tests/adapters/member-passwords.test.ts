// One password rule wherever a password is set (issue 22, row 4): zxcvbn with the member's email, name and
// organization name as user inputs; below score 3 is 422 validation_failed (field password) saying why.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createOrganization } from '../../core/app/organizations/create-organization.ts';
import { createMember } from '../../core/app/members/create-member.ts';
import { seedDemo } from '../../core/app/demo/seed-demo.ts';
import { DomainError } from '../../core/domain/errors.ts';
import { operator, setupTestEnv, signInAs, type TestEnv } from '../support/app.ts';
import { trpcApp, signedIn, refused } from '../support/trpc.ts';

let env: TestEnv;
let organizationId: string;
let owner: Awaited<ReturnType<typeof signInAs>>;

const email = 'mwenye.duka@demoduka.co.tz';
const owners = { email: 'mmiliki@demoduka.co.tz', password: 'Mbuyu mkubwa wa Kariakoo 1961' };

/** What the probe sent (issue 22): the organization's name, the service's, repeats, digits, the email plus 1. */
const PROBE = ['DemoDuka2026', 'Ujumbe2026!!', 'letmeinletmein', '12345678901234', `${email}1`];

beforeAll(async () => {
  env = await setupTestEnv();
  const ctx = await env.ctx();
  organizationId = (await createOrganization(ctx, operator, { name: 'Demo Duka', verified: true })).organization.id;
  await createMember(ctx, operator, organizationId, { ...owners, role: 'owner', name: 'Mmiliki' });
  owner = await signInAs(env, owners);
});

const count = async () => Number((await env.sql<{ n: number }>('select count(*)::int as n from members where organization_id = ?', [organizationId]))[0]!.n);

describe('a new member password', () => {
  it.each(PROBE)('POST /v1/members refuses %j with 422 validation_failed (field password), saying why; nothing is created', async (password) => {
    const before = await count();
    const res = await owner.agent.post('/v1/members').set('X-CSRF-Token', owner.csrf).send({ email, password, role: 'analyst', name: 'Juma Mwenye Duka' });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', field: 'password' });
    expect(res.body.error.message).toMatch(/^password: this password is too easy to guess: \S.{20,}/);
    expect(res.body.error.message).not.toContain(password);
    expect(await count()).toBe(before);
  });

  it('the message names what makes it easy: the organization name, a common password', async () => {
    const add = (password: string) => owner.agent.post('/v1/members').set('X-CSRF-Token', owner.csrf).send({ email, password, role: 'analyst' });
    expect((await add('DemoDuka2026')).body.error.message).toContain('organization name');
    expect((await add(`${email}1`)).body.error.message).toContain('email address');
    expect((await add('letmeinletmein')).body.error.message).toMatch(/repeat|most used/);
  });

  it('the same rule over tRPC, for the operator (ops member add calls createMember) and whatever the case', async () => {
    const client = await signedIn(trpcApp(env), owners);
    refused(await client.mutate('members.create', { email, password: 'DEMODUKA2026', role: 'analyst' }), 422, 'validation_failed', 'password');
    for (const password of PROBE) {
      const refusal = await createMember(await env.ctx(), operator, organizationId, { email, password, role: 'analyst' }).catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(DomainError);
      expect(refusal).toMatchObject({ code: 'validation_failed', field: 'password' });
    }
  });

  it('a password of unrelated words passes and signs in', async () => {
    const password = 'mvua ya jioni ilinyesha kwa nguvu';
    const res = await owner.agent.post('/v1/members').set('X-CSRF-Token', owner.csrf).send({ email, password, role: 'analyst' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await request(env.app).post('/v1/auth/sign-in').send({ email, password })).status).toBe(200);
  });

  it("the demo seed's own password passes the rule", async () => {
    const seeded = await seedDemo(await env.ctx());
    const { email: seededEmail, password } = seeded.member;
    expect((await request(env.app).post('/v1/auth/sign-in').send({ email: seededEmail, password })).status).toBe(200);
  });
});
