// The recipients export over HTTP: columns, audience order, EAT times, masking, formula escaping done in SQL (checked
// against core/domain/csv-cell.ts over every code point), status filters, 500,000 rows at most, the rate limit, the
// audit event, the read timeout, and a connection broken (not a short file) when the read fails half way.
import http from 'node:http';
import pg from 'pg';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { bearer, createOrg, holdRefill, lastTakeAgo, letRealTimePass, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';
import { createAudience, createDraft, feed, launch, optOut, quote } from '../support/campaigns.ts';
import { readChunks } from '../support/csv-read.ts';
import { testDatabaseUrl } from '../support/db.ts';
import { newId } from '../../core/db/ids.ts';
import { nativePool, nativeTransaction, pgArray } from '../../core/db/sql.ts';
import { applyMoves, type Move } from '../../core/app/messages/message-moves.ts';
import { escapeCsvCell, needsFormulaEscape } from '../../core/domain/csv-cell.ts';
import { maskPhone } from '../../core/domain/phone.ts';
import { RECIPIENT_STATUSES } from '../../core/inputs/campaigns.ts';
import { EXPORT_APPLICATION, EXPORT_BUCKET, EXPORT_COLUMNS, MAX_EXPORT_ROWS } from '../../core/app/campaigns/export-recipients.ts';

type Session = Awaited<ReturnType<typeof signInAs>>;

let env: TestEnv;
let org: OrgFixture;
let other: OrgFixture;
let owner: Session;
let analyst: Session;
let campaignId: string;
let messageIds: string[];
const T0 = new Date('2026-11-22T09:00:00Z');
const PHONES = ['+255754200001', '+255754200002', '+255754200003', '+255754200004'];
const HEADER = 'recipient,phone,status,failure_reason,segments,unit_price_cents,amount_cents,charge,queued_at_eat,updated_at_eat,final_at_eat,message_id';
const FORMULA_REASON = '=HYPERLINK("http://x.example","ok")';

async function moveMessage(messageId: string, events: Move['event'][], failureReason: string | null = null) {
  await nativeTransaction(await nativePool(env.orm.em), (tx) =>
    applyMoves(tx, new Date(T0.getTime() + 120_000), events.map((event) => ({ organizationId: org.id, messageId, event, failureReason }))),
  );
}

beforeAll(async () => {
  env = await setupTestEnv();
  const senders = [{ name: 'UJUMBE', classes: ['transactional', 'promotional'] as ('transactional' | 'promotional')[], routeApproved: true }];
  org = await createOrg(env, {
    credit: 10_000_000n,
    senders,
    members: { owner: 'owner', analyst: 'analyst', developer: 'developer' },
    keys: { live: { mode: 'live' }, reader: { mode: 'live', scopes: ['campaigns:read'] }, sender: { mode: 'live', scopes: ['messages:send'] } },
  });
  other = await createOrg(env, { credit: 1_000_000n, senders, keys: {} });
  [owner, analyst] = [await signInAs(env, org.members.owner!), await signInAs(env, org.members.analyst!)];
  // Promotional, launched at T0 (12:00 EAT); n2 opts out before feeding at T0+60; n1 refused and n4 delivered at T0+120.
  const { groupId } = await createAudience(env, org.id, { phones: PHONES, consented: PHONES });
  const draft = await createDraft(owner, { group_ids: [groupId], traffic_class: 'promotional' });
  campaignId = (await launch(owner, draft.id, { quote_id: (await quote(owner, draft.id)).id })).id;
  await optOut(env, org.id, PHONES[1]!);
  env.clock.set(new Date(T0.getTime() + 60_000));
  await feed(env);
  const found = await env.sql<{ n: number; message_id: string | null }>(
    'select r.n, r.message_id from campaigns c join campaign_recipients r on r.organization_id = c.organization_id and r.quote_id = c.launch_quote_id where c.id = ? order by r.n',
    [campaignId],
  );
  messageIds = found.map((r) => r.message_id ?? '');
  await moveMessage(messageIds[0]!, ['submit_refused'], FORMULA_REASON);
  await moveMessage(messageIds[3]!, ['submit_accepted', 'receipt_delivered']);
});

// Every test starts with a full export bucket (it refills in a minute of real time).
beforeEach(() => letRealTimePass(env, 60_000));

const download = (who: Session | string, id: string, query = '') =>
  typeof who === 'string' ? request(env.app).get(`/v1/campaigns/${id}/messages.csv${query}`).set(bearer(who)) : who.agent.get(`/v1/campaigns/${id}/messages.csv${query}`);

async function csv(who: Session | string, id: string, query = '') {
  const res = await download(who, id, query);
  expect(res.status, res.text).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="?campaign-[0-9a-f-]+-recipients(-[a-z_]+)?\.csv"?$/);
  const parsed = readChunks([res.text], { maxColumns: 50, maxRows: 1_000_000, maxValueChars: 1000 });
  expect(parsed.header?.cells).toEqual([...EXPORT_COLUMNS]);
  return { text: res.text, rows: parsed.rows.map((r) => r.cells) };
}

describe('the file', () => {
  it('has the columns in order, a row per recipient in audience order, EAT times with +03:00, and escaped cells', async () => {
    const { text, rows } = await csv(owner, campaignId);
    expect(text.split('\n')[0]).toBe(HEADER);
    expect(rows).toEqual([
      ['1', "'+255754200001", 'failed', `'${FORMULA_REASON}`, '1', '2500', '2500', 'released', '2026-11-22T12:01:00+03:00', '2026-11-22T12:02:00+03:00', '2026-11-22T12:02:00+03:00', messageIds[0]],
      ['2', "'+255754200002", 'skipped_opted_out', '', '1', '2500', '2500', 'released', '', '2026-11-22T12:01:00+03:00', '2026-11-22T12:01:00+03:00', ''],
      ['3', "'+255754200003", 'accepted', '', '1', '2500', '2500', 'held', '2026-11-22T12:01:00+03:00', '2026-11-22T12:01:00+03:00', '', messageIds[2]],
      ['4', "'+255754200004", 'delivered', '', '1', '2500', '2500', 'captured', '2026-11-22T12:01:00+03:00', '2026-11-22T12:02:00+03:00', '2026-11-22T12:02:00+03:00', messageIds[3]],
    ]);
    // The apostrophe sits inside the RFC 4180 quotes that the cell's own quotes need.
    expect(text.split('\n')[1]).toBe(`1,'+255754200001,failed,"'=HYPERLINK(""http://x.example"",""ok"")",1,2500,2500,released,2026-11-22T12:01:00+03:00,2026-11-22T12:02:00+03:00,2026-11-22T12:02:00+03:00,${messageIds[0]}`);
  });

  it('shows recipients not yet fed as pending, their share held, last updated at the launch', async () => {
    const { groupId } = await createAudience(env, org.id, { phones: ['+255754210001', '+255754210002'] });
    const draft = await createDraft(owner, { group_ids: [groupId] });
    const launched = await launch(owner, draft.id, { quote_id: (await quote(owner, draft.id)).id });
    const eat = new Date(new Date(launched.launch.launched_at).getTime() + 3 * 3_600_000).toISOString().slice(0, 19) + '+03:00';
    const { rows } = await csv(owner, launched.id);
    expect(rows).toEqual([
      ['1', "'+255754210001", 'pending', '', '1', '2000', '2000', 'held', '', eat, '', ''],
      ['2', "'+255754210002", 'pending', '', '1', '2000', '2000', 'held', '', eat, '', ''],
    ]);
  });

  it('holds no cell a spreadsheet would run: every cell is one the escaping rule leaves alone, or its escaped form', async () => {
    const { rows } = await csv(owner, campaignId);
    const cells = rows.flat();
    for (const cell of cells) expect(cell.startsWith("'") ? escapeCsvCell(cell.slice(1)) : escapeCsvCell(cell)).toBe(cell);
    // The cells written without the SQL call are words of closed lists, uuids, digits and times: none starts with a trigger.
    for (const word of [...RECIPIENT_STATUSES, 'held', 'captured', 'released', '0', '2026-11-22T12:01:00+03:00', newId()]) expect(needsFormulaEscape(word)).toBe(false);
  });

  it('is the list as CSV: the same recipients, statuses and charges', async () => {
    const listed = (await owner.agent.get(`/v1/campaigns/${campaignId}/messages`)).body.data.recipients as Record<string, unknown>[];
    const { rows } = await csv(owner, campaignId);
    expect(rows.map((r) => [Number(r[0]), r[1]!.slice(1), r[2], r[7], r[11] || null])).toEqual(listed.map((r) => [r.n, r.to, r.status, r.charge, r.message_id]));
  });

  it.each([
    ['an analyst', () => analyst],
    ['a live key', () => org.keys.live!.secret],
    ['a key with campaigns:read only', () => org.keys.reader!.secret],
  ])('%s gets masked numbers, escaped like any other cell', async (_label, who) => {
    const { rows } = await csv(who(), campaignId);
    expect(rows.map((r) => r[1])).toEqual(PHONES.map((p) => `'${maskPhone(p)}`));
    expect(rows[0]![1]).toBe("'+255754****01");
  });

  it.each([
    ['failed', ['1']],
    ['skipped', ['2']],
    ['skipped_opted_out', ['2']],
    ['accepted', ['3']],
    ['delivered', ['4']],
    ['pending', []],
    ['cancelled', []],
  ])('status=%s narrows the file', async (status, expected) => {
    const { rows } = await csv(owner, campaignId, `?status=${status}`);
    expect(rows.map((r) => r[0])).toEqual(expected);
  });
});

describe('refusals', () => {
  it('a draft has no recipients: 409 campaign_not_launched', async () => {
    const draft = await createDraft(owner, {});
    const res = await download(owner, draft.id);
    expect([res.status, res.body.error?.code]).toEqual([409, 'campaign_not_launched']);
  });

  it('an unknown id, another organization\'s campaign or a malformed id is 404', async () => {
    const otherOwner = await signInAs(env, other.members.owner!);
    for (const res of [await download(owner, newId()), await download(otherOwner, campaignId), await download(owner, 'x')]) {
      expect([res.status, res.body.error?.code]).toEqual([404, 'not_found']);
    }
  });

  it('needs campaigns:read or campaigns.read; search and unknown parameters are 422', async () => {
    expect((await download(org.keys.sender!.secret, campaignId)).body.error.code).toBe('insufficient_scope');
    const developer = await download(await signInAs(env, org.members.developer!), campaignId);
    expect([developer.status, developer.body.error.code]).toEqual([403, 'forbidden']);
    for (const query of ['?search=0754', '?status=queued', '?limit=10']) {
      const res = await download(owner, campaignId, query);
      expect([res.status, res.body.error.code]).toEqual([422, 'validation_failed']);
    }
  });

  it('is not shadowed by the campaign itself: /messages.csv is the file, /messages the list', async () => {
    expect((await download(owner, campaignId)).headers['content-type']).toMatch(/^text\/csv/);
    expect((await owner.agent.get(`/v1/campaigns/${campaignId}/messages`)).body.data.recipients).toHaveLength(4);
  });
});

describe('rate limit and audit', () => {
  it(`allows ${EXPORT_BUCKET.capacity} exports in a burst per organization, then 429 rate_limited with Retry-After until a token is back`, async () => {
    const bucket = `export:${org.id}`;
    for (let i = 0; i < EXPORT_BUCKET.capacity; i++) {
      expect((await download(owner, campaignId)).status).toBe(200);
      // However long an export takes on this machine, no token comes back between the takes.
      await holdRefill(env, bucket);
    }
    const refused = await download(org.keys.live!.secret, campaignId);
    expect([refused.status, refused.body.error.code]).toEqual([429, 'rate_limited']);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBe(Math.ceil(1 / EXPORT_BUCKET.perSecond));
    // Another organization has its own bucket.
    const foreign = await createOrg(env, { credit: 1_000_000n, senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }], keys: {} });
    const foreignOwner = await signInAs(env, foreign.members.owner!);
    const { groupId } = await createAudience(env, foreign.id, { phones: ['+255754300001'] });
    const draft = await createDraft(foreignOwner, { group_ids: [groupId] });
    const foreignCampaign = await launch(foreignOwner, draft.id, { quote_id: (await quote(foreignOwner, draft.id)).id });
    expect((await download(foreignOwner, foreignCampaign.id)).status).toBe(200);
    // Three seconds short of the wait (the margin is the real time a request itself takes): still no token.
    await lastTakeAgo(env, bucket, wait - 3);
    expect((await download(owner, campaignId)).status).toBe(429);
    await lastTakeAgo(env, bucket, wait);
    expect((await download(owner, campaignId)).status).toBe(200);
  });

  it('HEAD answers whether the file exists without making it: no audit event, no token', async () => {
    const count = async () => Number((await env.sql<{ n: string }>("select count(*) as n from audit_events where action = 'campaign.exported'"))[0]!.n);
    const before = await count();
    const head = await owner.agent.head(`/v1/campaigns/${campaignId}/messages.csv`);
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/csv/);
    expect(await count()).toBe(before);
    expect((await owner.agent.head('/v1/campaigns/01a2037b-dada-7699-85e1-435fe8be8962/messages.csv')).status).toBe(404);
  });

  it('audits every export with the row count, the filter and whether numbers were masked', async () => {
    await csv(analyst, campaignId, '?status=skipped');
    await csv(owner, campaignId);
    const events = await env.sql<{ actor_type: string; actor_id: string; target_id: string; details: Record<string, unknown> }>(
      "select actor_type, actor_id, target_id, details from audit_events where organization_id = ? and action = 'campaign.exported' order by id desc limit 2",
      [org.id],
    );
    expect(events).toEqual([
      { actor_type: 'member', actor_id: org.members.owner!.id, target_id: campaignId, details: { rows: 4, status: null, numbers_masked: false } },
      { actor_type: 'member', actor_id: org.members.analyst!.id, target_id: campaignId, details: { rows: 1, status: 'skipped', numbers_masked: true } },
    ]);
  });
});

describe('formula escaping in SQL', () => {
  const TRICKY: (string | null)[] = [
    null, '', 'plain text', 'delivered', '12345', 'a=1', 'x -1', "'=1", '   ', '  hello', '\u200b\u200b', '\u0007',
    '=1+1', '+255754123456', '-5', '@SUM(1)', '|cmd', '\t', '\r', '\n', 'a\tb', ' \t x', '  \r', '\u200b=1', '\ufeff+1', '\u2028@', '\u00a0-',
    '\u3000|x', '\u0085=', '\u007f@', '\u200f\u200b\u0007 =', '＝1', '＋1', '－1', '＠1', ' ＝1', '\u200b＠', '\ufe66x', '\u22125', 'é=', '😀=',
    '\u{e0001}=', '\u{110bd}+', '\u061c-', '\u180e@', '\u0600=', ' \u0007\u00a0\u2028\t', 'line\nbreak', '"quoted"', ',comma',
  ];

  it('csv_escape gives what escapeCsvCell gives on tricky values', async () => {
    const got = await env.sql<{ v: string | null; e: string | null }>('select v, csv_escape(v) as e from unnest(?::text[]) v', [pgArray(TRICKY.filter((v) => v !== null) as string[])]);
    expect(got).toHaveLength(TRICKY.length - 1);
    for (const { v, e } of got) expect([v, e]).toEqual([v, escapeCsvCell(v!)]);
    expect(await env.sql('select csv_escape(null) as e')).toEqual([{ e: null }]);
  });

  it('csv_escape agrees with needsFormulaEscape for every code point, alone, before a trigger and before a letter', async () => {
    // Only the code points whose cell is escaped come back; the others are left alone on both sides.
    const escaped = await env.sql<{ cp: number; alone: boolean; before_trigger: boolean; before_letter: boolean }>(
      `select cp, csv_escape(chr(cp)) <> chr(cp) as alone, csv_escape(chr(cp) || '=') <> chr(cp) || '=' as before_trigger,
         csv_escape(chr(cp) || 'a') <> chr(cp) || 'a' as before_letter
       from generate_series(1, 1114111) cp
       where cp not between 55296 and 57343
         and (csv_escape(chr(cp)) <> chr(cp) or csv_escape(chr(cp) || '=') <> chr(cp) || '=' or csv_escape(chr(cp) || 'a') <> chr(cp) || 'a')`,
    );
    const expected: typeof escaped = [];
    for (let cp = 1; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      const probe = { cp, alone: needsFormulaEscape(c), before_trigger: needsFormulaEscape(`${c}=`), before_letter: needsFormulaEscape(`${c}a`) };
      if (probe.alone || probe.before_trigger || probe.before_letter) expected.push(probe);
    }
    expect(escaped.length).toBeGreaterThan(250);
    expect(escaped).toEqual(expected);
  }, 60_000);

  it('mask_phone gives what maskPhone gives', async () => {
    const values = ['+255754123456', '+255612000099', '123456', '1234567', '12', ''];
    const got = await env.sql<{ v: string; m: string }>('select v, mask_phone(v) as m from unnest(?::text[]) v', [pgArray(values)]);
    expect(got.map((r) => r.m)).toEqual(values.map(maskPhone));
  });
});

/** A launched campaign written straight into the tables: size recipients pending, numbers +255754000001 on. */
async function seedLaunched(size: number): Promise<string> {
  const id = newId();
  const quoteId = newId();
  const now = await env.clock.now();
  await env.sql(
    `insert into campaign_quotes (id, organization_id, campaign_id, campaign_version, group_ids, memberships, eligible, duplicates, opted_out, no_consent,
       traffic_class, encoding, segments, sms_route, price_plan_id, unit_amount, total, created_at, expires_at)
     values (?, ?, ?, 1, '{}', ?, ?, 0, 0, 0, 'transactional', 'gsm7', 1, 'gsm0338', ?, 2000, ?, ?, ?)`,
    [quoteId, org.id, id, size, size, newId(), 2000 * size, now, now],
  );
  // Fed through the end, so no feeder picks it up.
  await env.sql(
    `insert into campaigns (id, organization_id, name, traffic_class, sender, body, encoding, segments, status, created_via, quote_id, launch_quote_id,
       launched_at, reserved, starts_at, expires_at, started_at, fed_through, audience_size, created_at, updated_at)
     values (?, ?, 'Seeded', 'transactional', 'UJUMBE', 'Habari', 'gsm7', 1, 'sending', 'dashboard', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [id, org.id, quoteId, quoteId, now, 2000 * size, now, new Date(now.getTime() + 86_400_000), now, size, size, now, now],
  );
  // Half a million rows take seconds on a busy machine: written on a plain connection, outside the pool's guard,
  // which takes a statement silent past its probe on a loaded machine for a database that does not answer.
  const plain = new pg.Client({ connectionString: await testDatabaseUrl() });
  await plain.connect();
  try {
    await plain.query(
      `insert into campaign_recipients (organization_id, quote_id, n, phone) select $1, $2, g, '+255754' || lpad(g::text, 6, '0') from generate_series(1, $3::int) g`,
      [org.id, quoteId, size],
    );
  } finally {
    await plain.end();
  }
  return id;
}

describe('a large export', () => {
  let big: string;
  let server: http.Server;
  let base: string;
  let cookie: string;

  beforeAll(async () => {
    big = await seedLaunched(MAX_EXPORT_ROWS + 1);
    await env.sql('analyze campaign_recipients');
    server = http.createServer(env.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    cookie = (owner.signIn.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
  }, 120_000);
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** The first recipient pending (500,001 pending) or skipped (500,000 pending, the most a file holds). */
  const firstRecipient = (status: 'pending' | 'skipped_opted_out') =>
    env.sql('update campaign_recipients set status = ?, released = ? where quote_id = (select launch_quote_id from campaigns where id = ?) and n = 1', [status, status !== 'pending', big]);

  /** Streams a download without keeping it: status, bytes, line count, and whether the response ended whole. */
  function stream(path: string, onFirstChunk?: (res: http.IncomingMessage) => void) {
    return new Promise<{ status: number; bytes: number; lines: number; complete: boolean; body: string }>((resolve, reject) => {
      http.get(`${base}${path}`, { headers: { cookie } }, (res) => {
        let bytes = 0;
        let lines = 0;
        let body = '';
        let first = true;
        res.on('data', (chunk: Buffer) => {
          if (first && onFirstChunk) onFirstChunk(res);
          first = false;
          bytes += chunk.length;
          for (const byte of chunk) if (byte === 10) lines += 1;
          if (res.statusCode !== 200) body += chunk.toString();
        });
        res.on('error', () => {});
        res.on('close', () => resolve({ status: res.statusCode ?? 0, bytes, lines, complete: res.complete, body }));
      }).on('error', reject);
    });
  }

  it('more than 500,000 rows (after the filter) is 422 export_too_large before anything is streamed', async () => {
    await firstRecipient('pending');
    for (const query of ['', '?status=pending']) {
      const res = await download(owner, big, query);
      expect(res.status).toBe(422);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body.error).toMatchObject({ code: 'export_too_large', field: 'status' });
    }
    expect((await csv(owner, big, '?status=delivered')).rows).toEqual([]);
  }, 60_000);

  it('exactly 500,000 rows stream whole', async () => {
    await firstRecipient('skipped_opted_out');
    const got = await stream(`/v1/campaigns/${big}/messages.csv?status=pending`);
    expect([got.status, got.complete, got.lines]).toEqual([200, true, MAX_EXPORT_ROWS + 1]);
    const [audit] = await env.sql<{ details: Record<string, unknown> }>("select details from audit_events where target_id = ? and action = 'campaign.exported' order by id desc limit 1", [big]);
    expect(audit!.details).toEqual({ rows: MAX_EXPORT_ROWS, status: 'pending', numbers_masked: false });
  }, 60_000);

  it('a read failing half way breaks the connection instead of ending the file short; the service goes on', async () => {
    await firstRecipient('skipped_opted_out');
    let terminated: Promise<unknown> = Promise.resolve();
    const got = await stream(`/v1/campaigns/${big}/messages.csv?status=pending`, (res) => {
      // Stop reading, so the export waits on the network; then end its database session.
      res.pause();
      terminated = (async () => {
        for (let i = 0; i < 200; i++) {
          const [killed] = await env.sql<{ n: number }>(
            "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and application_name = ? and query ilike 'copy (%'",
            [EXPORT_APPLICATION],
          );
          if (killed!.n > 0) break;
          await new Promise((r) => setTimeout(r, 25));
        }
        res.resume();
      })();
    });
    await terminated;
    expect(got.status).toBe(200);
    expect(got.complete).toBe(false);
    expect(got.lines).toBeGreaterThan(0);
    expect(got.lines).toBeLessThan(MAX_EXPORT_ROWS + 1);
    // The next reads answer.
    expect((await csv(owner, campaignId)).rows).toHaveLength(4);
    expect((await owner.agent.get(`/v1/campaigns/${big}/messages?limit=1`)).status).toBe(200);
  }, 60_000);

  it('a reader that goes away half way ends the export\'s database session', async () => {
    const exporting = () => env.sql<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = ?', [EXPORT_APPLICATION]);
    await firstRecipient('skipped_opted_out');
    const got = await stream(`/v1/campaigns/${big}/messages.csv?status=pending`, (res) => res.destroy());
    expect(got.complete).toBe(false);
    for (let i = 0; i < 200 && (await exporting())[0]!.n > 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(await exporting()).toEqual([{ n: 0 }]);
  }, 60_000);

  it('a read longer than readTimeoutMs before streaming is 503 read_timeout with Retry-After', async () => {
    const slow = await setupTestEnv({ readTimeoutMs: 1 });
    const slowOwner = await signInAs(slow, org.members.owner!);
    const res = await slowOwner.agent.get(`/v1/campaigns/${big}/messages.csv?status=pending`);
    expect([res.status, res.body.error.code]).toEqual([503, 'read_timeout']);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  }, 60_000);
});
