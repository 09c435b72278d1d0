// What the sending benchmarks share: verified organizations that can send (funds, a plan, an approved sender,
// a live key each) and the machine's reference, a bare express handler doing one INSERT a request.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Pool } from 'pg';
import { newCtx, type Deps } from '../core/app/context.ts';
import { createOrganization } from '../core/app/organizations/create-organization.ts';
import { creditWallet } from '../core/app/wallet/credit-wallet.ts';
import { setPricePlan } from '../core/app/price-plans/price-plan.ts';
import { addSenderId } from '../core/app/sender-ids/add-sender-id.ts';
import { createApiKey } from '../core/app/api-keys/create-api-key.ts';

const operator = { kind: 'operator' } as const;

/** `n` organizations ready to send; returns their live keys' secrets. */
export async function sendingOrganizations(deps: Deps, n: number, name: string): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < n; i++) {
    const ctx = await newCtx(deps);
    const { organization } = await createOrganization(ctx, operator, { name: `${name} ${i}`, verified: true });
    await creditWallet(ctx, operator, { organizationId: organization.id, amount: 100_000_000_000n, reference: 'bench' });
    await setPricePlan(ctx, operator, { organizationId: organization.id, transactional: 2000n, promotional: 2500n });
    await addSenderId(ctx, operator, { organizationId: organization.id, name: 'UJUMBE', classes: ['transactional'], routeApproved: true });
    keys.push((await createApiKey(ctx, operator, organization.id, { name: 'bench', mode: 'live', scopes: ['messages:send'], expires_in_days: 365 })).secret);
  }
  return keys;
}

/** A bare express handler writing each request's body with one INSERT on `pool`; its URL, and how to stop it. */
export async function bareInsertHandler(pool: Pool): Promise<{ url: string; close(): Promise<void> }> {
  await pool.query('create table if not exists bench_bare (id bigserial primary key, body text not null)');
  const app = express();
  app.use(express.json());
  app.post('/bare', async (req, res) => {
    await pool.query('insert into bench_bare (body) values ($1)', [JSON.stringify(req.body)]);
    res.status(202).json({ ok: true });
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/bare`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
