// Invitations by link: the link shown once and mailed, its token kept only as a hash, accepted once (making the
// member and signing them in), revocable, dead after 72 hours, refused for an address already a member, and
// bound by the same role rules as adding a member.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Express } from 'express';
import { createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
import { anonymous, ok, refused, signedIn, trpcApp, type TrpcClient } from '../support/trpc.ts';
import { capturingMailer } from '../support/accounts.ts';
import { INVITATION_TTL_MS } from '../../core/domain/one-time-codes.ts';
import { describeRoles } from '../../core/domain/role-descriptions.ts';

let env: TestEnv;
let app: Express;
let org: OrgFixture;
let owner: TrpcClient;
let admin: TrpcClient;
const mailer = capturingMailer();
const PASSWORD = 'chungwa baiskeli mlima kahawa 9';

beforeAll(async () => {
  env = await setupTestEnv();
  env.deps.mailer = mailer;
  app = trpcApp(env);
  org = await createOrg(env, { members: { owner: 'owner', admin: 'admin', analyst: 'analyst' }, keys: {} });
  owner = await signedIn(app, org.members.owner!);
  admin = await signedIn(app, org.members.admin!);
});

const tokenOf = (link: string) => /#\/invitation\/([A-Za-z0-9_-]{43})$/.exec(link)![1]!;
let serial = 0;
const newAddress = () => `invitee.${++serial}@example.com`;

describe('an invitation by link', () => {
  it('is mailed and shown once, kept as a hash, accepted once: the member is made with its role and signed in', async () => {
    const email = newAddress();
    const invited = ok(await admin.mutate('members.invite', { email, role: 'marketer', name: 'Neema' }));
    expect(invited.invitation).toMatchObject({ email, role: 'marketer', state: 'pending' });
    expect(mailer.sent.at(-1)).toMatchObject({ to: email });
    expect(mailer.sent.at(-1)!.text).toContain(invited.link);
    const token = tokenOf(invited.link);
    const [stored] = await env.sql<{ token_hash: Buffer }>('select token_hash from invitations where id = ?', [invited.invitation.id]);
    expect(Buffer.from(stored!.token_hash).equals(createHash('sha256').update(token).digest())).toBe(true);

    const invitee = anonymous(app);
    const accepted = ok(await invitee.mutate('auth.acceptInvitation', { token, name: 'Neema Mushi', password: PASSWORD }));
    expect(accepted.member).toMatchObject({ email, role: 'marketer', name: 'Neema Mushi' });
    // The cookies of the answer are a session: the invitee is signed in.
    const me = await invitee.agent.get('/trpc/auth.me');
    expect(me.body.result.data.member.email).toBe(email);
    ok(await (await signedIn(app, { email, password: PASSWORD })).query('auth.me'));

    refused(await anonymous(app).mutate('auth.acceptInvitation', { token, name: 'Someone', password: PASSWORD }), 409, 'invitation_used', 'token');
    const list = ok(await owner.query('members.invitations', {}));
    expect(list.invitations.find((i: { id: string }) => i.id === invited.invitation.id)).toMatchObject({ state: 'accepted', member_id: accepted.member.id });
    const audit = await env.sql<{ action: string }>("select action from audit_events where organization_id = ? and target_id = ? order by id", [org.id, invited.invitation.id]);
    expect(audit.map((a) => a.action)).toEqual(['member.invited', 'member.invitation_accepted']);
  });

  it('is refused for an address already a member, with a precise code', async () => {
    refused(await owner.mutate('members.invite', { email: org.members.analyst!.email, role: 'admin' }), 409, 'already_a_member', 'email');
    expect(await env.sql('select 1 from invitations where email = ?', [org.members.analyst!.email])).toEqual([]);
  });

  it('follows the role rules: only an owner invites an owner; an analyst invites nobody', async () => {
    refused(await admin.mutate('members.invite', { email: newAddress(), role: 'owner' }), 403, 'forbidden', 'role');
    ok(await owner.mutate('members.invite', { email: newAddress(), role: 'owner' }));
    const analyst = await signedIn(app, org.members.analyst!);
    refused(await analyst.mutate('members.invite', { email: newAddress(), role: 'billing' }), 403, 'forbidden');
  });

  it('stops working once revoked, or replaced by a new invitation to the same address', async () => {
    const email = newAddress();
    const first = ok(await owner.mutate('members.invite', { email, role: 'billing' }));
    const second = ok(await owner.mutate('members.invite', { email, role: 'developer' }));
    refused(await anonymous(app).mutate('auth.acceptInvitation', { token: tokenOf(first.link), name: 'A', password: PASSWORD }), 409, 'invitation_revoked', 'token');
    const revoked = ok(await owner.mutate('members.revokeInvitation', { id: second.invitation.id }));
    expect(revoked.invitation.state).toBe('revoked');
    refused(await owner.mutate('members.revokeInvitation', { id: second.invitation.id }), 409, 'invitation_revoked');
    refused(await anonymous(app).mutate('auth.acceptInvitation', { token: tokenOf(second.link), name: 'A', password: PASSWORD }), 409, 'invitation_revoked', 'token');
    expect(await env.sql('select 1 from members where email = ?', [email])).toEqual([]);
  });

  it('expires after 72 hours, and an unknown token is not found', async () => {
    const invited = ok(await owner.mutate('members.invite', { email: newAddress(), role: 'analyst' }));
    env.clock.advance(INVITATION_TTL_MS + 1000);
    refused(await anonymous(app).mutate('auth.acceptInvitation', { token: tokenOf(invited.link), name: 'Late', password: PASSWORD }), 409, 'invitation_expired', 'token');
    refused(await anonymous(app).mutate('auth.acceptInvitation', { token: 'A'.repeat(43), name: 'Guess', password: PASSWORD }), 404, 'invitation_not_found', 'token');
  });
});

describe('what each role may do', () => {
  it('is served to every member from the table the server enforces', async () => {
    const analyst = await signedIn(app, org.members.analyst!);
    expect(ok(await analyst.query('members.roles'))).toEqual({ roles: describeRoles() });
  });
});
