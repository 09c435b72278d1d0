// Inbound messages in tests: a number assigned to an organization, and a message brought in through storeInbound,
// the path the SMPP receiver takes once a message's last part is in.
import type { TestEnv } from './app.ts';
import { storeInbound, type StoredResult } from '../../core/app/inbound/store-inbound.ts';

let shortCodes = 15000;

/** A short code (or the number given) assigned to the organization, as the operator's numbers command does. */
export async function assignNumber(env: TestEnv, organizationId: string, number = String(++shortCodes)): Promise<string> {
  const kind = number.startsWith('+') ? 'long_number' : 'short_code';
  await env.sql('insert into inbound_numbers (number, organization_id, kind, assigned_at) values (?, ?, ?, ?)', [number, organizationId, kind, await env.deps.clock.now()]);
  return number;
}

/** A whole message from `from` to `to`, stored for the number's owner with what it sets off. */
export async function receive(env: TestEnv, m: { from: string; to: string; body: string; incomplete?: boolean }): Promise<StoredResult> {
  return storeInbound(await env.ctx(), { from: m.from, to: m.to, body: m.body, encoding: 'gsm7', parts: 1, smsc: 'test@127.0.0.1:2775', bind: null, smscMessageRef: null, incomplete: m.incomplete ?? false });
}
