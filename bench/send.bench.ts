// `npm run bench -- send`: POST /v1/messages with live keys of many organizations and of one, against a bare
// express handler doing one INSERT in the same run.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { loadInThread as load, report } from './load.ts';
import { withInProcessService } from './in-process.ts';
import { newCtx, type Deps } from '../core/app/context.ts';
import { createOrganization } from '../core/app/organizations/create-organization.ts';
import { creditWallet } from '../core/app/wallet/credit-wallet.ts';
import { setPricePlan } from '../core/app/price-plans/price-plan.ts';
import { addSenderId } from '../core/app/sender-ids/add-sender-id.ts';
import { createApiKey } from '../core/app/api-keys/create-api-key.ts';
import { nativePool } from '../core/db/sql.ts';

const operator = { kind: 'operator' } as const;
const ORGS = Number(process.env.BENCH_ORGS ?? 50);

async function organizations(deps: Deps, n: number): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < n; i++) {
    const ctx = await newCtx(deps);
    const { organization } = await createOrganization(ctx, operator, { name: `Bench ${i}`, verified: true });
    await creditWallet(ctx, operator, { organizationId: organization.id, amount: 100_000_000_000n, reference: 'bench' });
    await setPricePlan(ctx, operator, { organizationId: organization.id, transactional: 2000n, promotional: 2500n });
    await addSenderId(ctx, operator, { organizationId: organization.id, name: 'UJUMBE', classes: ['transactional'], routeApproved: true });
    const key = await createApiKey(ctx, operator, organization.id, { name: 'bench', mode: 'live', scopes: ['messages:send'], expires_in_days: 365 });
    keys.push(key.secret);
  }
  return keys;
}

async function bareInsert(deps: Deps): Promise<string> {
  const pool = await nativePool(deps.orm.em);
  await pool.query('create table if not exists bench_bare (id bigserial primary key, body text not null)');
  const app = express();
  app.use(express.json());
  app.post('/bare', async (req, res) => {
    await pool.query('insert into bench_bare (body) values ($1)', [JSON.stringify(req.body)]);
    res.status(202).json({ ok: true });
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/bare`;
}

export async function run(): Promise<void> {
  await withInProcessService(async ({ deps, demo, listen }) => {
    const keys = await organizations(deps, ORGS);
    process.stderr.write(`${ORGS} organizations ready\n`);
    const base = await listen();
    const factory = (k: string[], seed: number) => ({ module: new URL('./send-requests.ts', import.meta.url).href, params: { keys: k, seed } });
    const ok = { method: 'POST', connections: 32 };
    await load({ ...ok, url: `${base}/v1/messages`, seconds: 3, factory: factory(keys, 1) });
    const many = await load({ ...ok, url: `${base}/v1/messages`, seconds: Number(process.env.BENCH_SECONDS ?? 30), factory: factory(keys, 2) });
    report(`POST /v1/messages, ${ORGS} organizations, 32 connections`, many);
    const one = await load({ ...ok, url: `${base}/v1/messages`, seconds: 15, factory: factory([keys[0]!], 3) });
    report('POST /v1/messages, one organization, 32 connections', one);
    const bareUrl = await bareInsert(deps);
    const bare = await load({ ...ok, url: bareUrl, seconds: 10, factory: factory(keys, 4) });
    report('bare express handler, one INSERT', bare);
    process.stdout.write(`ratio to the bare handler: ${(many.rps / bare.rps).toFixed(2)}\n`);
    const pool = await nativePool(deps.orm.em);
    const check = await pool.query(
      `select count(*)::int as messages, sum(total)::bigint as total,
         (select sum(held)::bigint from wallets) as held,
         (select count(*)::int from ledger_entries where kind = 'hold') as holds
       from messages`,
    );
    process.stdout.write(`holds: ${JSON.stringify(check.rows[0])} (one hold per message, held = sum of totals)\n`);
    void demo;
  });
}
