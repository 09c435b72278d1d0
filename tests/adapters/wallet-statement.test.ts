// The monthly wallet statement against a real ledger: its figures are the ledger's own for the month in Dar es
// Salaam (entries at 23:59 on its last day in, at 00:00 on the next month's first day out), opening + movements =
// closing, the CSV holds the same, bad months and wrong callers are refused, another organization never shows.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { adjust, capture, hold, refund, release, type LedgerKind } from '../../core/domain/ledger.ts';
import { balancesAfter } from '../../core/domain/wallet-statement.ts';
import { applyMovement, type Movement } from '../../core/db/wallets.ts';
import { creditWallet } from '../../core/app/wallet/credit-wallet.ts';
import { STATEMENT_CSV_COLUMNS, statementCsv } from '../../core/app/wallet/statement-csv.ts';
import { bearer, createOrg, operator, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';
import { anonymous, ok, refused, signedIn, trpcApp, type TrpcClient } from '../support/trpc.ts';
import { readChunks } from '../support/csv-read.ts';

let env: TestEnv;
let app: Express;
let org: OrgFixture;
let other: OrgFixture;
let owner: TrpcClient;
let rest: Awaited<ReturnType<typeof signInAs>>;
const NOW = new Date('2026-11-22T09:00:00Z');
const FORMULA = '=HYPERLINK("http://x","y")';

async function topUp(o: OrgFixture, at: string, amount: bigint, reference: string) {
  env.clock.set(new Date(at));
  await creditWallet(await env.ctx(), operator, { organizationId: o.id, amount, reference });
}

async function move(o: OrgFixture, at: string, movement: Movement, reference: string | null = null) {
  await env.orm.em.fork().transactional((em) => applyMovement(em, o.id, movement, { actorType: 'system', actorId: null, at: new Date(at), reference }));
}

beforeAll(async () => {
  env = await setupTestEnv();
  app = trpcApp(env);
  org = await createOrg(env, { members: { owner: 'owner', marketer: 'marketer' }, keys: { live: { mode: 'live' }, test: { mode: 'test' }, sender: { mode: 'live', scopes: ['messages:send'] } } });
  other = await createOrg(env, { members: { owner: 'owner' }, keys: {} });
  // September, the last second of its last day in Dar es Salaam (20:59:59 UTC): before October.
  await topUp(org, '2026-09-30T20:59:59Z', 100_000n, 'SEP-1');
  await move(org, '2026-09-30T20:59:59Z', (b) => hold(b, 5_000n));
  // October: from 00:00 EAT on the 1st (21:00 UTC on 30 September) to 23:59 EAT on the 31st.
  await topUp(org, '2026-09-30T21:00:00Z', 50_000n, 'OCT-1');
  await move(org, '2026-10-01T06:00:00Z', (b) => capture(b, 5_000n));
  await move(org, '2026-10-03T09:00:00Z', (b) => hold(b, 3_000n));
  await move(org, '2026-10-03T09:00:00Z', (b) => hold(b, 2_000n));
  await move(org, '2026-10-03T10:00:00Z', (b) => capture(b, 3_000n));
  await move(org, '2026-10-03T10:00:00Z', (b) => release(b, 2_000n));
  await move(org, '2026-10-05T08:00:00Z', (b) => hold(b, 4_000n));
  await move(org, '2026-10-05T08:30:00Z', (b) => capture(b, 4_000n));
  await move(org, '2026-10-05T08:40:00Z', (b) => refund(b, 1_000n));
  await move(org, '2026-10-10T12:00:00Z', (b) => adjust(b, -2_500n), 'correction');
  await topUp(org, '2026-10-20T07:00:00Z', 1_000n, FORMULA);
  await move(org, '2026-10-31T20:59:00Z', (b) => hold(b, 1_500n));
  await topUp(org, '2026-10-31T20:59:00Z', 7_000n, 'LAST-MINUTE');
  // November, 00:00 EAT on the 1st.
  await topUp(org, '2026-10-31T21:00:00Z', 9_000n, 'NOV-1');
  await move(org, '2026-10-31T21:00:00Z', (b) => capture(b, 1_500n));
  // Another organization's October.
  await topUp(other, '2026-10-02T09:00:00Z', 77_000n, 'OTHER-1');
  await move(other, '2026-10-03T09:00:00Z', (b) => hold(b, 700n));
  env.clock.set(NOW);
  owner = await signedIn(app, org.members.owner!);
  rest = await signInAs(env, org.members.owner!);
});

type Entry = { kind: LedgerKind; amount: number; balance_after: number; held_after: number; created_at: string };

/** Every entry of the organization as GET /v1/wallet/ledger lists them, newest first. */
async function ledger(): Promise<Entry[]> {
  const all: Entry[] = [];
  for (let before: string | null | undefined; before !== null; ) {
    const res = await rest.agent.get('/v1/wallet/ledger').query({ limit: 100, ...(before ? { before } : {}) });
    all.push(...res.body.data.entries);
    before = res.body.data.next_before;
  }
  return all;
}

const statementOf = async (month: string) => ok(await owner.query('wallet.statement', { month })).statement;

describe('wallet.statement', () => {
  it('holds October in Dar es Salaam: the opening, each top-up, the movements of each day, the adjustment and the closing', async () => {
    const s = await statementOf('2026-10');
    expect(s).toMatchObject({ month: '2026-10', from: '2026-09-30T21:00:00.000Z', to: '2026-10-31T21:00:00.000Z', currency: 'TZS', test: false });
    expect(s.organization.id).toBe(org.id);
    expect(s.opening).toEqual({ available: 95_000, held: 5_000 });
    expect(s.top_ups.map((t: { reference: string; amount: number; created_at: string }) => [t.created_at, t.reference, t.amount])).toEqual([
      ['2026-09-30T21:00:00.000Z', 'OCT-1', 50_000],
      ['2026-10-20T07:00:00.000Z', FORMULA, 1_000],
      ['2026-10-31T20:59:00.000Z', 'LAST-MINUTE', 7_000],
    ]);
    expect(s.charges).toEqual([{ day: '2026-10-01', count: 1, amount: 5_000 }, { day: '2026-10-03', count: 1, amount: 3_000 }, { day: '2026-10-05', count: 1, amount: 4_000 }]);
    expect(s.holds).toEqual([{ day: '2026-10-03', count: 2, amount: 5_000 }, { day: '2026-10-05', count: 1, amount: 4_000 }, { day: '2026-10-31', count: 1, amount: 1_500 }]);
    expect(s.releases).toEqual([{ day: '2026-10-03', count: 1, amount: 2_000 }]);
    expect(s.refunds).toEqual([{ day: '2026-10-05', count: 1, amount: 1_000 }]);
    expect(s.adjustments).toEqual([expect.objectContaining({ reference: 'correction', amount: -2_500 })]);
    expect(s.closing).toEqual({ available: 143_000, held: 1_500 });
  });

  it("totals the ledger's own entries of the month, and opening + movements = closing", async () => {
    const entries = await ledger();
    for (const month of ['2026-09', '2026-10', '2026-11']) {
      const s = await statementOf(month);
      const inMonth = entries.filter((e) => e.created_at >= s.from && e.created_at < s.to);
      const sum = (kind: LedgerKind) => ({ count: inMonth.filter((e) => e.kind === kind).length, amount: inMonth.filter((e) => e.kind === kind).reduce((n, e) => n + e.amount, 0) });
      expect(s.totals).toEqual({ top_ups: sum('top_up'), holds: sum('hold'), charges: sum('capture'), releases: sum('release'), refunds: sum('refund'), adjustments: sum('adjustment') });
      const last = (before: string) => entries.find((e) => e.created_at < before);
      const balances = (e: Entry | undefined) => ({ available: e?.balance_after ?? 0, held: e?.held_after ?? 0 });
      expect([s.opening, s.closing]).toEqual([balances(last(s.from)), balances(last(s.to))]);
      const big = (b: { available: number; held: number }) => ({ available: BigInt(b.available), held: BigInt(b.held) });
      const sums = Object.fromEntries(Object.entries(s.totals).map(([k, t]) => [k, BigInt((t as { amount: number }).amount)])) as unknown as Parameters<typeof balancesAfter>[1];
      expect(balancesAfter(big(s.opening), sums)).toEqual(big(s.closing));
    }
    // The month under way closes on the wallet as it is.
    const wallet = (await rest.agent.get('/v1/wallet')).body.data.wallet;
    expect((await statementOf('2026-11')).closing).toEqual({ available: wallet.available, held: wallet.held });
  });

  it('is all zeros for a month before the organization had money, and for a test key', async () => {
    const empty = { opening: { available: 0, held: 0 }, closing: { available: 0, held: 0 }, top_ups: [], charges: [], releases: [], refunds: [], holds: [], adjustments: [] };
    expect(await statementOf('2025-01')).toMatchObject(empty);
    const asTest = await request(app).get('/v1/wallet/statements/2026-10.csv').set(bearer(org.keys.test!.secret));
    expect(asTest.status).toBe(200);
    expect(csvRows(asTest.text).filter((r) => r.section !== 'totals').map((r) => [r.section, r.available, r.held])).toEqual([['opening', '0.00', '0.00'], ['closing', '0.00', '0.00']]);
  });

  it("never shows another organization's entries", async () => {
    const mine = await statementOf('2026-10');
    expect(JSON.stringify(mine)).not.toContain('OTHER-1');
    const theirs = ok(await (await signedIn(app, other.members.owner!)).query('wallet.statement', { month: '2026-10' })).statement;
    expect(theirs).toMatchObject({ opening: { available: 0, held: 0 }, closing: { available: 76_300, held: 700 }, holds: [{ day: '2026-10-03', count: 1, amount: 700 }] });
    expect(theirs.top_ups.map((t: { reference: string }) => t.reference)).toEqual(['OTHER-1']);
    expect(JSON.stringify(theirs)).not.toMatch(/OCT-1|LAST-MINUTE|correction/);
  });
});

describe('GET /v1/wallet/statements/:month.csv', () => {
  const file = (month: string) => rest.agent.get(`/v1/wallet/statements/${month}.csv`);

  it('holds the statement section after section, amounts in TZS, outside text made formula-safe, and is audited', async () => {
    const res = await file('2026-10');
    expect([res.status, res.headers['content-type'], res.headers['content-disposition']]).toEqual([200, 'text/csv; charset=utf-8', 'attachment; filename=wallet-statement-2026-10.csv']);
    const rows = csvRows(res.text);
    const line = (r: Record<string, string>) => [r.section, r.date, r.kind, r.reference, r.count, r.amount, r.available, r.held].join('|');
    expect(rows.filter((r) => r.section !== 'totals').map(line)).toEqual([
      'opening|2026-10-01T00:00:00+03:00|||||950.00|50.00',
      'top_up|2026-10-01T00:00:00+03:00|top_up|OCT-1|1|500.00||',
      `top_up|2026-10-20T10:00:00+03:00|top_up|'${FORMULA}|1|10.00||`,
      'top_up|2026-10-31T23:59:00+03:00|top_up|LAST-MINUTE|1|70.00||',
      'charges|2026-10-01|capture||1|50.00||',
      'charges|2026-10-03|capture||1|30.00||',
      'charges|2026-10-05|capture||1|40.00||',
      'releases|2026-10-03|release||1|20.00||',
      'refunds|2026-10-05|refund||1|10.00||',
      'holds|2026-10-03|hold||2|50.00||',
      'holds|2026-10-05|hold||1|40.00||',
      'holds|2026-10-31|hold||1|15.00||',
      'adjustment|2026-10-10T15:00:00+03:00|adjustment|correction|1|-25.00||',
      'closing|2026-11-01T00:00:00+03:00|||||1430.00|15.00',
    ]);
    const s = await statementOf('2026-10');
    const totals = rows.filter((r) => r.section === 'totals').map((r) => [r.kind, Number(r.count), Math.round(Number(r.amount) * 100)]);
    expect(totals).toEqual([
      ['top_up', s.totals.top_ups.count, s.totals.top_ups.amount],
      ['capture', s.totals.charges.count, s.totals.charges.amount],
      ['release', s.totals.releases.count, s.totals.releases.amount],
      ['refund', s.totals.refunds.count, s.totals.refunds.amount],
      ['hold', s.totals.holds.count, s.totals.holds.amount],
      ['adjustment', s.totals.adjustments.count, s.totals.adjustments.amount],
    ]);
    expect(rows.every((r) => r.section === 'opening' || r.section === 'closing' || r.currency === 'TZS')).toBe(true);
    const audit = await env.sql<{ details: { month: string } }>("select details from audit_events where organization_id = ? and action = 'wallet.statement_exported'", [org.id]);
    expect(audit.map((a) => a.details.month)).toContain('2026-10');
  });

  it('refuses a malformed month, or one not begun in Dar es Salaam, as 422 naming month', async () => {
    for (const month of ['2026-13', '2026-1', 'october', '2026-00', '1969-12', '2026-12']) {
      const res = await file(month);
      expect([res.status, res.body.error?.code, res.body.error?.field], month).toEqual([422, 'validation_failed', 'month']);
      refused(await owner.query('wallet.statement', { month }), month === '2026-12' ? 422 : 400, 'validation_failed', 'month');
    }
    // Control characters in a path name nothing: 404, as any path parameter that cannot exist.
    expect([(await file('2026-10%00')).status, (await file('2026-10%01')).body.error?.code]).toEqual([404, 'not_found']);
    // HEAD answers as GET would, without making the file (no export token, no audit event).
    const audits = async () => (await env.sql("select 1 from audit_events where organization_id = ? and action = 'wallet.statement_exported'", [org.id])).length;
    const before = await audits();
    expect([(await rest.agent.head('/v1/wallet/statements/2026-10.csv')).status, (await rest.agent.head('/v1/wallet/statements/2026-13.csv')).status]).toEqual([200, 422]);
    expect(await audits()).toBe(before);
    // December begins at 00:00 EAT on the 1st, 21:00 UTC on 30 November (a key: a session would have lapsed by then).
    const december = () => request(app).get('/v1/wallet/statements/2026-12.csv').set(bearer(org.keys.live!.secret));
    try {
      env.clock.set(new Date('2026-11-30T20:59:59Z'));
      expect((await december()).status).toBe(422);
      env.clock.set(new Date('2026-11-30T21:00:00Z'));
      expect((await december()).status).toBe(200);
    } finally {
      env.clock.set(NOW);
    }
  });

  it('is 401 without credentials and 403 without wallet.read or wallet:read', async () => {
    expect((await request(app).get('/v1/wallet/statements/2026-10.csv')).status).toBe(401);
    refused(await anonymous(app).query('wallet.statement', { month: '2026-10' }), 401, 'unauthorized');
    const marketer = await signInAs(env, org.members.marketer!);
    expect((await marketer.agent.get('/v1/wallet/statements/2026-10.csv')).status).toBe(403);
    refused(await (await signedIn(app, org.members.marketer!)).query('wallet.statement', { month: '2026-10' }), 403, 'forbidden');
    expect((await request(app).get('/v1/wallet/statements/2026-10.csv').set(bearer(org.keys.sender!.secret))).status).toBe(403);
    const byKey = await request(app).get('/v1/wallet/statements/2026-10.csv').set(bearer(org.keys.live!.secret));
    expect(byKey.text).toBe(statementCsv(await statementOf('2026-10')));
  });

  it('is described in the OpenAPI document as an extension answering text/csv', async () => {
    const doc = (await request(app).get('/v1/openapi.json')).body;
    expect(doc.paths['/v1/wallet/statements/{month}.csv'].get).toMatchObject({
      operationId: 'exportWalletStatement',
      'x-svc-extension': true,
      'x-svc-permission': 'wallet.read',
      parameters: [expect.objectContaining({ name: 'month', in: 'path', required: true })],
      responses: { '200': { content: { 'text/csv': expect.anything() } } },
    });
  });
});

function csvRows(text: string): Record<string, string>[] {
  const parsed = readChunks([text], { maxColumns: 20, maxRows: 1000, maxValueChars: 1000 });
  expect(parsed.header?.cells).toEqual([...STATEMENT_CSV_COLUMNS]);
  return parsed.rows.map((r) => Object.fromEntries(STATEMENT_CSV_COLUMNS.map((c, i) => [c, r.cells[i]!])));
}
