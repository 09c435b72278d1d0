// The inbox over tRPC on the real database: conversations (one a sender, newest first, last message and unread
// count, keyset pages), a thread (inbound and the organization's single messages to the number, oldest first, the
// replies with their statuses), markRead (read_at set, the unread count falls), a reply through messages.send that
// appears in the thread, the list and get as REST's, the keywords, and who may call them.
import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
import { ok, refused, signedIn, trpcApp, type TrpcClient } from '../support/trpc.ts';
import { assignNumber, receive } from '../support/inbound-messages.ts';

let env: TestEnv;
let app: Express;
let org: OrgFixture;
let analyst: TrpcClient;
let developer: TrpcClient;
let marketer: TrpcClient;
let code: string;
const A = '+255754000111';
const B = '+255713000222';
const T0 = new Date('2026-11-22T09:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const SENDERS = [{ name: 'UJUMBE', classes: ['transactional'] as ('transactional' | 'promotional')[], routeApproved: true }];

beforeAll(async () => {
  env = await setupTestEnv();
  app = trpcApp(env);
  org = await createOrg(env, { credit: 10_000_000n, senders: SENDERS, members: { analyst: 'analyst', developer: 'developer', marketer: 'marketer' } });
  const other = await createOrg(env);
  [analyst, developer, marketer] = await Promise.all([signedIn(app, org.members.analyst!), signedIn(app, org.members.developer!), signedIn(app, org.members.marketer!)]);
  code = await assignNumber(env, org.id);
  const otherCode = await assignNumber(env, other.id);
  const arrivals: [number, string, string][] = [[0, A, 'Habari'], [1, B, 'Bei gani?'], [2, A, 'Mko wazi leo?']];
  for (const [minute, from, body] of arrivals) {
    env.clock.set(at(minute));
    await receive(env, { from, to: code, body });
  }
  await receive(env, { from: '+255754000333', to: otherCode, body: 'Not theirs' });
});

describe('inbox.conversations and inbox.thread', () => {
  it('one conversation a sender, the latest first, with its last message and unread count; pages by before', async () => {
    const page = ok(await analyst.query('inbox.conversations', {}));
    expect(page.conversations.map((c: { phone: string }) => c.phone)).toEqual([A, B]);
    expect(page.conversations[0]).toMatchObject({ phone: A, unread: 2, total: 2, last_message: { body: 'Mko wazi leo?', to: code, received_at: at(2).toISOString() } });
    const first = ok(await analyst.query('inbox.conversations', { limit: 1 }));
    expect(first.conversations.map((c: { phone: string }) => c.phone)).toEqual([A]);
    const second = ok(await analyst.query('inbox.conversations', { limit: 1, before: first.next_before }));
    expect(second.conversations.map((c: { phone: string }) => c.phone)).toEqual([B]);
    expect(second.next_before).toBeNull();
  });

  it('markRead sets read_at on the conversation’s messages and the unread count falls to 0', async () => {
    env.clock.set(at(5));
    expect(ok(await analyst.mutate('inbox.markRead', { phone: `0${A.slice(4)}` }))).toEqual({ marked: 2 });
    const read = await env.sql<{ read_at: Date | null }>('select read_at from inbound_messages where organization_id = ? and from_phone = ?', [org.id, A]);
    expect(read.map((r) => new Date(r.read_at as Date).toISOString())).toEqual([at(5).toISOString(), at(5).toISOString()]);
    const page = ok(await analyst.query('inbox.conversations', {}));
    expect(page.conversations[0]).toMatchObject({ phone: A, unread: 0 });
    expect(page.conversations[1]).toMatchObject({ phone: B, unread: 1 });
    expect(ok(await analyst.mutate('inbox.markRead', { phone: A }))).toEqual({ marked: 0 });
  });

  it('a reply sent through messages.send appears in the thread after the messages it answers, with its status', async () => {
    env.clock.set(at(10));
    const reply = ok(await developer.mutate('messages.send', { to: A, from: 'UJUMBE', body: 'Ndiyo, hadi saa 12', client_ref: 'inbox-reply-1', traffic_class: 'transactional', idempotencyKey: randomUUID() }));
    const thread = ok(await analyst.query('inbox.thread', { phone: A }));
    expect(thread.phone).toBe(A);
    expect(thread.items.map((i: { direction: string; body: string }) => `${i.direction} ${i.body}`)).toEqual(['in Habari', 'in Mko wazi leo?', 'out Ndiyo, hadi saa 12']);
    expect(thread.items[2]).toMatchObject({ direction: 'out', id: reply.id, from: 'UJUMBE', status: 'accepted' });
    expect(thread.items[0]).toMatchObject({ direction: 'in', to: code, read: true });
    expect(ok(await analyst.query('inbox.thread', { phone: B })).items.map((i: { body: string }) => i.body)).toEqual(['Bei gani?']);
  });

  it('refuses a number that is not one (field phone), and needs messages.read', async () => {
    refused(await analyst.query('inbox.thread', { phone: '12' }), 400, 'validation_failed', 'phone');
    refused(await analyst.mutate('inbox.markRead', { phone: 'abc' }), 400, 'validation_failed', 'phone');
    refused(await marketer.query('inbox.conversations', {}), 403, 'forbidden');
    refused(await marketer.query('inbox.thread', { phone: A }), 403, 'forbidden');
    refused(await marketer.mutate('inbox.markRead', { phone: A }), 403, 'forbidden');
  });
});

describe('inbox.list, inbox.get and the keywords', () => {
  it('list and get answer as REST does', async () => {
    const page = ok(await analyst.query('inbox.list', { from: A }));
    expect(page.inbound_messages.map((m: { body: string }) => m.body)).toEqual(['Mko wazi leo?', 'Habari']);
    const one = ok(await analyst.query('inbox.get', { id: page.inbound_messages[0].id }));
    expect(one).toEqual(page.inbound_messages[0]);
    refused(await analyst.query('inbox.list', { from: 'x' }), 400, 'validation_failed', 'from');
    refused(await analyst.query('inbox.get', { id: randomUUID() }), 404, 'not_found');
  });

  it('keywords: read with the defaults, set by a member with opt_outs.write only', async () => {
    const read = ok(await marketer.query('inbox.keywords'));
    expect(read.opt_out_words).toEqual(['STOP', 'ACHA', 'SITAKI', 'UNSUBSCRIBE']);
    expect(read.defaults.opt_out_reply).toContain('Umejiondoa');
    refused(await developer.mutate('inbox.setKeywords', { opt_out_words: ['STOP'], opt_in_words: [], opt_out_reply: '', opt_in_reply: '' }), 403, 'forbidden');
    const saved = ok(await marketer.mutate('inbox.setKeywords', { opt_out_words: ['stop', 'acha'], opt_in_words: ['anza'], opt_out_reply: '', opt_in_reply: 'Karibu tena' }));
    expect(saved).toMatchObject({ opt_out_words: ['STOP', 'ACHA'], opt_in_words: ['ANZA'], opt_out_reply: '', opt_in_reply: 'Karibu tena' });
    refused(await marketer.mutate('inbox.setKeywords', { opt_out_words: ['STOP'], opt_in_words: ['STOP'], opt_out_reply: '', opt_in_reply: '' }), 400, 'validation_failed', 'opt_in_words');
  });
});
