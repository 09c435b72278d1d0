// CSV exports of messages and of the ledger for a range of days in EAT: each file's rows are the list's, cells from
// outside are made formula-safe, amounts are shillings with two decimals from integer cents (cents_as_tzs answers as
// its twin), a range over a year is refused on `to`, access is reading's, each export is audited with its row count,
// the tRPC exportLink gives the file's address, and a large file streams (its COPY runs while the reader waits, so
// the whole file is never held).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServiceApp } from '../../bin/server/app.ts';
import { mountTrpc } from '../../admin-trpc/router.ts';
import { creditWallet } from '../../core/app/wallet/credit-wallet.ts';
import { EXPORT_APPLICATION } from '../../core/app/csv-export.ts';
import { MESSAGE_EXPORT_COLUMNS } from '../../core/app/messages/export-messages.ts';
import { LEDGER_EXPORT_COLUMNS } from '../../core/app/wallet/export-ledger.ts';
import { centsAsTzs } from '../../core/domain/money-text.ts';
import { newId } from '../../core/db/ids.ts';
import { bearer, createOrg, letRealTimePass, operator, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';
import { readChunks } from '../support/csv-read.ts';
import { ok, refused, signedIn } from '../support/trpc.ts';

type Session = Awaited<ReturnType<typeof signInAs>>;

let env: TestEnv;
let app: Express;
let org: OrgFixture;
const s: Record<string, Session> = {};
const FORMULA_REF = '=HYPERLINK("http://x.example","ok")';
const RANGE = 'from=2026-11-20&to=2026-11-23';

function send(secret: string, over: Record<string, unknown> = {}) {
  return request(app).post('/v1/messages').set(bearer(secret)).set('X-Idempotency-Key', randomUUID())
    .send({ to: '+255754300003', from: 'UJUMBE', body: 'Habari', client_ref: `ref-${randomUUID()}`, ...over });
}

beforeAll(async () => {
  env = await setupTestEnv();
  app = createServiceApp(env.deps, { logger: { error: (m, e) => console.error(m, e) }, surfaces: [mountTrpc] });
  org = await createOrg(env, {
    credit: 1_000_000n,
    senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }],
    members: { owner: 'owner', analyst: 'analyst', billing: 'billing', marketer: 'marketer' },
    keys: { live: { mode: 'live' }, test: { mode: 'test' } },
  });
  for (const label of Object.keys(org.members)) s[label] = await signInAs(env, org.members[label]!);
  // 2026-11-20 12:00 EAT, 2026-11-21 12:00 EAT and 2026-11-22 01:30 EAT (22:30 UTC the day before).
  for (const [at, over] of [
    ['2026-11-20T09:00:00Z', { client_ref: FORMULA_REF }],
    ['2026-11-21T09:00:00Z', { body: '=1+2 ni tatu' }],
    ['2026-11-21T22:30:00Z', {}],
  ] as const) {
    env.clock.set(new Date(at));
    expect((await send(org.keys.live!.secret, over)).status).toBe(202);
    expect((await send(org.keys.test!.secret, { to: '+255754300001' })).status).toBe(202);
  }
  await creditWallet(await env.ctx(), operator, { organizationId: org.id, amount: 12_345n, reference: '@SUM(A1)' });
  // A campaign message, its number masked for a member without contacts.read.
  const id = newId();
  await env.sql(
    `insert into messages (id, organization_id, test, status, to_phone, sender, body, traffic_class, client_ref, encoding, segments,
       unit_amount, total, charge, campaign_id, dispatch_after, expires_at, created_at, updated_at)
     values (?, ?, false, 'accepted', '+255754399999', 'UJUMBE', 'Ofa', 'promotional', 'c-1', 'gsm7', 1, 2500, 2500, 'held', ?, ?, ?, ?, ?)`,
    [id, org.id, newId(), '2026-11-21T10:00:00Z', '2026-11-22T10:00:00Z', '2026-11-21T10:00:00Z', '2026-11-21T10:00:00Z'],
  );
});

// Every test starts with a full export bucket.
beforeEach(() => letRealTimePass(env, 60_000));

async function csv(res: request.Response, columns: readonly string[]) {
  expect(res.status, res.text).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  const parsed = readChunks([res.text], { maxColumns: 50, maxRows: 1_000_000, maxValueChars: 10_000 });
  expect(parsed.header?.cells).toEqual([...columns]);
  return parsed.rows.map((r) => Object.fromEntries(columns.map((c, i) => [c, r.cells[i]!])));
}

const messagesFile = (who: Session | string, query = RANGE) =>
  (typeof who === 'string' ? request(app).get('/v1/messages.csv').set(bearer(who)) : who.agent.get('/v1/messages.csv')).query(query);
const ledgerFile = (who: Session | string, query = RANGE) =>
  (typeof who === 'string' ? request(app).get('/v1/wallet/ledger.csv').set(bearer(who)) : who.agent.get('/v1/wallet/ledger.csv')).query(query);

async function everyPage(get: (before: string | null) => Promise<request.Response>, name: string) {
  const all: Record<string, any>[] = [];
  for (let before: string | null = null; ; ) {
    const res = await get(before);
    all.push(...res.body.data[name]);
    before = res.body.data.next_before;
    if (!before) return all;
  }
}

describe('the messages CSV', () => {
  it("holds the list's messages of those days, newest first, each cell as the list shows it", async () => {
    const rows = await csv(await messagesFile(s['owner']!), MESSAGE_EXPORT_COLUMNS);
    const listed = await everyPage((before) => s['owner']!.agent.get('/v1/messages').query({ created_from: '2026-11-20T00:00:00+03:00', created_to: '2026-11-23T00:00:00+03:00', limit: 2, ...(before ? { before } : {}) }), 'messages');
    expect(rows).toHaveLength(7);
    expect(rows.map((r) => [r['message_id'], r['mode'], r['status'], r['to'], r['campaign_id'] || null])).toEqual(
      listed.map((m) => [m.id, m.test ? 'test' : 'live', m.status, `'${m.to}`, m.campaign_id]),
    );
    const first = rows.find((r) => r['message_id'] === listed.at(-1)!.id)!;
    expect(first).toMatchObject({ created_at_eat: '2026-11-20T12:00:00+03:00', unit_price: '20.00', total: '20.00', currency: 'TZS', charged: 'false', from: 'UJUMBE' });
  });

  it("narrows the file by the list's filters (status, traffic class, sender, recipient) as the list narrows its pages", async () => {
    const days = { created_from: '2026-11-20T00:00:00+03:00', created_to: '2026-11-23T00:00:00+03:00' };
    const filters: Record<string, string>[] = [{ status: 'failed' }, { status: 'accepted,failed', traffic_class: 'promotional' }, { sender: 'UJUMBE', recipient: '300001' }, { recipient: '0754 300 003' }];
    for (const filter of filters) {
      const rows = await csv(await messagesFile(s['owner']!, `${RANGE}&${new URLSearchParams(filter)}`), MESSAGE_EXPORT_COLUMNS);
      const listed = await everyPage((before) => s['owner']!.agent.get('/v1/messages').query({ ...days, ...filter, limit: 2, ...(before ? { before } : {}) }), 'messages');
      expect(listed.length, JSON.stringify(filter)).toBeGreaterThan(0);
      expect(rows.map((r) => r['message_id']), JSON.stringify(filter)).toEqual(listed.map((m) => m.id));
    }
    // The organization's export bucket holds 5 files; it fills again with time.
    await letRealTimePass(env, 60_000);
    // A member who sees campaign numbers masked finds single messages only, as in the list.
    const masked = await csv(await messagesFile(s['analyst']!, `${RANGE}&recipient=9999`), MESSAGE_EXPORT_COLUMNS);
    expect(masked).toEqual([]);
    expect(await csv(await messagesFile(s['owner']!, `${RANGE}&recipient=9999`), MESSAGE_EXPORT_COLUMNS)).toHaveLength(1);
    const refused = await messagesFile(s['owner']!, `${RANGE}&recipient=12`);
    expect([refused.status, refused.body.error.field]).toEqual([422, 'recipient']);
    const member = await signedIn(app, org.members.owner!);
    const link = ok(await member.query('messages.exportLink', { from: '2026-11-20', to: '2026-11-23', status: ['failed'], recipient: '0754 300 001' }));
    expect(link.url).toBe('/v1/messages.csv?from=2026-11-20&to=2026-11-23&status=failed&recipient=%2B255754300001');
    expect((await csv(await member.agent.get(link.url), MESSAGE_EXPORT_COLUMNS)).map((r) => [r['mode'], r['status'], r['to']])).toEqual(Array(3).fill(['test', 'failed', "'+255754300001"]));
  });

  it('makes cells a spreadsheet would run safe: a leading apostrophe on = + - @', async () => {
    const rows = await csv(await messagesFile(s['owner']!), MESSAGE_EXPORT_COLUMNS);
    expect(rows.map((r) => r['client_ref'])).toContain(`'${FORMULA_REF}`);
    expect(rows.map((r) => r['body'])).toContain("'=1+2 ni tatu");
    expect(rows.every((r) => r['to']!.startsWith("'+255"))).toBe(true);
  });

  it('counts days in EAT: 01:30 on the 22nd there is the 22nd', async () => {
    const day22 = await csv(await messagesFile(s['owner']!, 'from=2026-11-22&to=2026-11-23'), MESSAGE_EXPORT_COLUMNS);
    expect(day22.map((r) => r['created_at_eat'])).toEqual(['2026-11-22T01:30:00+03:00', '2026-11-22T01:30:00+03:00']);
    const day21 = await csv(await messagesFile(s['owner']!, 'from=2026-11-21T00:00:00%2B03:00&to=2026-11-22'), MESSAGE_EXPORT_COLUMNS);
    expect(day21).toHaveLength(3);
  });

  it('masks campaign numbers for members without contacts.read; a key exports its own mode', async () => {
    const analyst = await csv(await messagesFile(s['analyst']!), MESSAGE_EXPORT_COLUMNS);
    expect(analyst.find((r) => r['campaign_id'])!['to']).toBe("'+255754****99");
    const asTest = await csv(await messagesFile(org.keys.test!.secret), MESSAGE_EXPORT_COLUMNS);
    expect(asTest.map((r) => r['mode'])).toEqual(['test', 'test', 'test']);
    const refusedMode = await messagesFile(org.keys.test!.secret, `${RANGE}&mode=live`);
    expect([refusedMode.status, refusedMode.body.error.field]).toEqual([422, 'mode']);
    expect((await csv(await messagesFile(s['owner']!, `${RANGE}&mode=live`), MESSAGE_EXPORT_COLUMNS)).every((r) => r['mode'] === 'live')).toBe(true);
  });

  it('is named for its days and audited with its row count', async () => {
    const res = await messagesFile(s['owner']!);
    expect(res.headers['content-disposition']).toBe('attachment; filename=messages-2026-11-20-to-2026-11-22.csv');
    const [audit] = await env.sql<{ details: Record<string, unknown> }>("select details from audit_events where organization_id = ? and action = 'messages.exported' order by id desc limit 1", [org.id]);
    expect(audit!.details).toEqual({ rows: 7, from: '2026-11-19T21:00:00.000Z', to: '2026-11-22T21:00:00.000Z', mode: null, numbers_masked: false });
  });

  it('refuses a range over a year on to, a day that is no EAT midnight on from, and a member who may not read messages; nothing audited', async () => {
    const before = await env.sql<{ n: number }>("select count(*)::int as n from audit_events where action = 'messages.exported'");
    const tooLong = await messagesFile(s['owner']!, 'from=2026-01-01&to=2027-01-03');
    expect([tooLong.status, tooLong.body.error.code, tooLong.body.error.field]).toEqual([422, 'validation_failed', 'to']);
    const notMidnight = await messagesFile(s['owner']!, 'from=2026-11-20T00:00:00Z&to=2026-11-21');
    expect([notMidnight.status, notMidnight.body.error.field]).toEqual([422, 'from']);
    expect((await messagesFile(s['billing']!)).status).toBe(403);
    expect(await env.sql("select count(*)::int as n from audit_events where action = 'messages.exported'")).toEqual(before);
  });
});

describe('HEAD', () => {
  it('says whether a file can be made without making it: no audit event', async () => {
    const exported = () => env.sql("select count(*)::int as n from audit_events where action in ('messages.exported', 'ledger.exported')");
    const before = await exported();
    for (const path of ['/v1/messages.csv', '/v1/wallet/ledger.csv']) {
      const res = await s['owner']!.agent.head(path).query(RANGE);
      expect([res.status, res.headers['content-type']]).toEqual([200, 'text/csv; charset=utf-8']);
      expect((await s['owner']!.agent.head(path).query('from=2026-01-01&to=2027-01-03')).status).toBe(422);
    }
    expect(await exported()).toEqual(before);
  });
});

describe('the ledger CSV', () => {
  it("holds the ledger's entries of those days, newest first, amounts in TZS from cents, the reference made safe", async () => {
    const rows = await csv(await ledgerFile(s['billing']!, 'from=2026-11-01&to=2026-12-01'), LEDGER_EXPORT_COLUMNS);
    const listed = await everyPage((before) => s['billing']!.agent.get('/v1/wallet/ledger').query({ limit: 3, ...(before ? { before } : {}) }), 'entries');
    expect(listed.length).toBeGreaterThan(3);
    expect(rows.map((r) => [r['entry_id'], r['kind'], r['amount'], r['balance_after'], r['held_after'], r['message_id'] || null])).toEqual(
      listed.map((e) => [e.id, e.kind, centsAsTzs(BigInt(e.amount)), centsAsTzs(BigInt(e.balance_after)), centsAsTzs(BigInt(e.held_after)), e.message_id]),
    );
    expect(rows[0]).toMatchObject({ kind: 'top_up', amount: '123.45', reference: "'@SUM(A1)", currency: 'TZS' });
  });

  it('keeps to its days, is audited, needs wallet.read, and is empty for a test key', async () => {
    const day20 = await csv(await ledgerFile(s['owner']!, 'from=2026-11-20&to=2026-11-21'), LEDGER_EXPORT_COLUMNS);
    expect(day20.map((r) => [r['kind'], r['amount'], r['created_at_eat']])).toEqual([['hold', '20.00', '2026-11-20T12:00:00+03:00']]);
    const [audit] = await env.sql<{ details: Record<string, unknown> }>("select details from audit_events where organization_id = ? and action = 'ledger.exported' order by id desc limit 1", [org.id]);
    expect(audit!.details).toMatchObject({ rows: 1 });
    expect((await ledgerFile(s['marketer']!)).status).toBe(403);
    expect(await csv(await ledgerFile(org.keys.test!.secret), LEDGER_EXPORT_COLUMNS)).toEqual([]);
    const tooLong = await ledgerFile(s['owner']!, 'from=2026-01-01&to=2027-01-03');
    expect([tooLong.status, tooLong.body.error.code, tooLong.body.error.field]).toEqual([422, 'validation_failed', 'to']);
  });

  it('cents_as_tzs in SQL answers as centsAsTzs', async () => {
    const cents = [0n, 1n, 9n, 10n, 99n, 100n, 101n, 2000n, 112_550n, -1n, -50n, -100n, -112_550n, 9_223_372_036_854_775_807n, -9_223_372_036_854_775_807n];
    const found = await env.sql<{ text: string }>(`select cents_as_tzs(c) as text from unnest(?::bigint[]) with ordinality as x(c, n) order by n`, [`{${cents.join(',')}}`]);
    expect(found.map((r) => r.text)).toEqual(cents.map(centsAsTzs));
  });
});

describe('exportLink over tRPC', () => {
  it('gives the address of each file, which the session downloads; a refusal comes as the answer', async () => {
    const member = await signedIn(app, org.members.owner!);
    const messages = ok(await member.query('messages.exportLink', { from: '2026-11-20', to: '2026-11-23T00:00:00+03:00' }));
    expect(messages.url).toBe('/v1/messages.csv?from=2026-11-20&to=2026-11-23');
    expect(await csv(await member.agent.get(messages.url), MESSAGE_EXPORT_COLUMNS)).toHaveLength(7);
    const ledger = ok(await member.query('wallet.exportLink', { from: '2026-11-20', to: '2026-11-21' }));
    expect(ledger.url).toBe('/v1/wallet/ledger.csv?from=2026-11-20&to=2026-11-21');
    expect(await csv(await member.agent.get(ledger.url), LEDGER_EXPORT_COLUMNS)).toHaveLength(1);
    refused(await member.query('messages.exportLink', { from: '2026-01-01', to: '2027-01-03' }), 400, 'validation_failed', 'to');
    refused(await (await signedIn(app, org.members.marketer!)).query('wallet.exportLink', { from: '2026-11-20', to: '2026-11-21' }), 403, 'forbidden');
  });
});

describe('a large file', () => {
  let big: OrgFixture;
  let server: http.Server;
  let base: string;
  const ROWS = 100_000;

  beforeAll(async () => {
    big = await createOrg(env, { members: { owner: 'owner' }, keys: {} });
    await env.sql(
      `insert into messages (id, organization_id, test, status, to_phone, sender, body, traffic_class, client_ref, encoding, segments,
         unit_amount, total, charge, dispatch_after, expires_at, created_at, updated_at)
       select gen_random_uuid(), ?, false, 'delivered', '+255754' || lpad(i::text, 6, '0'), 'UJUMBE', repeat('Habari ', 20),
         'transactional', 'ref-' || i, 'gsm7', 1, 2000, 2000, 'captured', t, t + interval '1 day', t, t
       from generate_series(1, ${ROWS}) i, lateral (select timestamptz '2026-11-10T00:00:00Z' + i * interval '100 ms' as t) x`,
      [big.id],
    );
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('streams with flat memory: while the reader waits, the COPY is still running and little has left; then the whole file arrives', async () => {
    const session = await signInAs(env, big.members.owner!);
    const cookie = (session.signIn.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    const got = await new Promise<{ bytes: number; lines: number; bytesWhenPaused: number; copying: number; complete: boolean }>((resolve, reject) => {
      http.get(`${base}/v1/messages.csv?from=2026-11-10&to=2026-11-11`, { headers: { cookie } }, (res) => {
        let bytes = 0;
        let lines = 0;
        let bytesWhenPaused = -1;
        let copying = -1;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (const byte of chunk) if (byte === 10) lines += 1;
          if (bytesWhenPaused >= 0) return;
          bytesWhenPaused = bytes;
          res.pause();
          setTimeout(async () => {
            const [active] = await env.sql<{ n: number }>(
              "select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = ? and state = 'active' and query ilike 'copy (%'",
              [EXPORT_APPLICATION],
            );
            copying = active!.n;
            res.resume();
          }, 300);
        });
        res.on('error', reject);
        res.on('close', () => resolve({ bytes, lines, bytesWhenPaused, copying, complete: res.complete }));
      }).on('error', reject);
    });
    expect([got.complete, got.lines, got.copying]).toEqual([true, ROWS + 1, 1]);
    expect(got.bytes).toBeGreaterThan(20_000_000);
    // Memory stays flat: while the reader waits, the database is still writing the file and the server holds what
    // the sockets hold, so no copy of the whole file exists anywhere (a file built first would be done by then).
    expect(got.bytesWhenPaused).toBeLessThan(got.bytes / 10);
  }, 120_000);
});
