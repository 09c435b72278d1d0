// POST /v1/api-keys and `ops key create`: a new key, its secret shown once, only its SHA-256 kept.
import type { Access, Scope } from '../../domain/access.ts';
import { scopesBeyondRole } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { Actor, Mode } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { countActiveApiKeys, insertApiKey } from '../../db/api-keys/api-keys.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { requireOrganization } from '../organizations/find-organization.ts';
import { newApiKeySecret, sha256 } from '../auth/tokens.ts';
import { MAX_ACTIVE_KEYS, apiKeyView, type ApiKey } from './api-key-view.ts';
import { withCurrentRole } from './key-holders.ts';
import { type TCreateApiKeyBody } from '../../inputs/api-keys.ts';

export const access: Access = { scopes: [], permission: 'api_keys.manage' };

export interface NewKey {
  organizationId: string;
  name: string;
  mode: Mode;
  scopes: readonly Scope[];
  expiresAt: Date;
  /** Also the key's first holder. */
  createdBy: string | null;
}

/** Issues a key (a new secret) inside the caller's transaction, after the active-key limit is checked under lock. */
export async function issueApiKey(ctx: Ctx, key: NewKey): Promise<{ key: ApiKey; secret: string }> {
  if ((await countActiveApiKeys(ctx.em, key.organizationId, ctx.now)) >= MAX_ACTIVE_KEYS) {
    throw new DomainError('too_many_api_keys', `An organization has at most ${MAX_ACTIVE_KEYS} active API keys; revoke one first.`);
  }
  const secret = newApiKeySecret(key.mode);
  const created = await insertApiKey(ctx.em, { ...key, secret, secretHash: sha256(secret), createdAt: ctx.now });
  return { key: created, secret };
}

/**
 * Whether actor may hold a new secret of this mode and these scopes: checked alike when a key is created
 * and when one is rotated (a rotation hands out a new secret with the old key's scopes). Operators may
 * create any key.
 */
export function mayGrant(actor: Actor, verified: boolean, mode: Mode, scopes: readonly Scope[]): void {
  if (mode !== 'live' || actor.kind === 'operator') return;
  if (!verified) {
    throw new DomainError('organization_not_verified', 'Live keys can be created once the service has verified the organization.', { field: 'mode' });
  }
  if (actor.kind === 'member') {
    const beyond = scopesBeyondRole(actor.role, scopes);
    if (beyond.length) {
      throw new DomainError('scope_exceeds_role', `Your role (${actor.role}) cannot give a live key ${beyond.join(', ')}.`, { field: 'scopes' });
    }
  }
}

/** options.createdBy names the member an operator creates the key for (`ops key create --member`). */
export async function createApiKey(
  ctx: Ctx,
  actor: Actor,
  organizationId: string,
  body: TCreateApiKeyBody,
  options: { createdBy?: string } = {},
) {
  return inTransaction(ctx, async (tx) => {
    // The member's role as it is now, its row held until the key exists: a demotion waits, then revokes the key.
    const granter = await withCurrentRole(tx, actor);
    // The organization lock serialises key creation, so the 20-key limit holds under concurrency.
    const org = await requireOrganization(tx, organizationId, true);
    mayGrant(granter, org.verified, body.mode, body.scopes);
    const { key, secret } = await issueApiKey(tx, {
      organizationId,
      name: body.name,
      mode: body.mode,
      scopes: body.scopes,
      expiresAt: new Date(tx.now.getTime() + body.expires_in_days * 86_400_000),
      createdBy: actor.kind === 'member' ? actor.memberId : (options.createdBy ?? null),
    });
    await recordAudit(tx, actor, { organizationId, action: 'api_key.created', targetType: 'api_key', targetId: key.id, details: { name: body.name, mode: body.mode, scopes: body.scopes } });
    return { api_key: apiKeyView(key, tx.now), secret };
  });
}
