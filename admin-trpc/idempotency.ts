// Idempotency over tRPC: the dashboard sends a key with each create, send, quote and launch it makes, so a
// retried call (a lost answer, a double click) acts once. Records are those of REST, under tRPC's own
// operation names: each keeps the use case's result, which a repeated call answers as this procedure's output.
import { z } from 'zod';
import type { Ctx } from '../core/app/context.ts';
import type { Member } from './trpc.ts';
import { IDEMPOTENCY_KEY_RE, fingerprintOf, keptValue, withIdempotency, withSecretWithheld, type IdempotentRequest } from '../core/app/idempotency.ts';

export const ZIdempotencyKey = z.string().regex(IDEMPOTENCY_KEY_RE, 'an idempotency key is 1 to 255 printable ASCII characters');

/** The record of one call: the procedure's path names the operation; the input without its key is the fingerprint. */
export function idempotentRequest(actor: Member, path: string, { idempotencyKey, ...input }: { idempotencyKey: string } & object): IdempotentRequest {
  const fingerprint = fingerprintOf({ path, input });
  return { scope: { organizationId: actor.organizationId, operation: `trpc:${path}`, key: idempotencyKey, fingerprint, keyName: 'idempotencyKey' } };
}

/**
 * Runs the effect once per key: a repeated call answers the first result (a secret it showed is withheld,
 * as over REST). Without a key (optional keys) the effect simply runs.
 */
export async function once<T extends object>(
  ctx: Ctx,
  actor: Member,
  path: string,
  input: { idempotencyKey?: string | undefined } & object,
  effect: (tx: Ctx) => Promise<T>,
  options: { revealsSecret?: boolean } = {},
): Promise<T & { replay: boolean }> {
  const { idempotencyKey } = input;
  if (idempotencyKey === undefined) return { ...(await effect(ctx)), replay: false };
  const { scope } = idempotentRequest(actor, path, { ...input, idempotencyKey });
  const out = await withIdempotency(ctx, scope, effect, options.revealsSecret ? withSecretWithheld : undefined);
  return out.replay ? { ...keptValue<T>(out.kept), replay: true } : { ...out.value, replay: false };
}
