// The operator's binds: added, changed, enabled and disabled, removed only once no route names them. A bind's URL is
// kept sealed (its password is a secret); every view shows it without the password.
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { deleteBind, insertBind, lockBind, lockBindsTable, routesUsing, updateBind, type BindRow } from '../../db/binds/binds.ts';
import { seal } from '../webhooks/secret-box.ts';
import { shownUrl, type TBindSettings } from './bind-input.ts';

/** What a sealed URL is bound to: a sealed URL copied to another bind's row does not open. */
export const sealedFor = (name: string) => `smsc-bind:${name}`;

export function bindView(row: BindRow) {
  return {
    name: row.name,
    url: row.url_shown,
    system_type: row.system_type,
    tps: row.tps,
    window: row.window_size,
    submit_timeout_ms: row.submit_timeout_ms,
    enabled: row.enabled,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const notFound = (name: string) => new DomainError('not_found', `No bind is named ${name}.`, { field: 'name' });

export async function addBind(ctx: Ctx, name: string, settings: TBindSettings) {
  return inTransaction(ctx, async (tx) => {
    const row: BindRow = {
      name,
      url_sealed: seal(tx.deps.config.webhookSecretsKey, sealedFor(name), settings.url),
      url_shown: shownUrl(settings.url),
      system_type: settings.system_type,
      tps: settings.tps,
      window_size: settings.window,
      submit_timeout_ms: settings.submit_timeout_ms,
      enabled: true,
      created_at: tx.now,
      updated_at: tx.now,
    };
    if (!(await insertBind(tx.em, row))) throw new DomainError('conflict', `A bind is already named ${name}.`, { field: 'name' });
    return { bind: bindView(row) };
  });
}

/** Changes only what is given; each worker replaces the bind's lane within a few seconds (workers/lanes/lane-set.ts). */
export async function setBind(ctx: Ctx, name: string, changes: Partial<TBindSettings>) {
  return inTransaction(ctx, async (tx) => {
    const row = await lockBind(tx.em, name);
    if (!row) throw notFound(name);
    const next: BindRow = {
      ...row,
      ...(changes.url === undefined ? {} : { url_sealed: seal(tx.deps.config.webhookSecretsKey, sealedFor(name), changes.url), url_shown: shownUrl(changes.url) }),
      system_type: changes.system_type ?? row.system_type,
      tps: changes.tps ?? row.tps,
      window_size: changes.window ?? row.window_size,
      submit_timeout_ms: changes.submit_timeout_ms ?? row.submit_timeout_ms,
      updated_at: tx.now,
    };
    await updateBind(tx.em, next);
    return { bind: bindView(next) };
  });
}

/** A disabled bind carries nothing: its operators go to the next bind of their routes at once. */
export async function setBindEnabled(ctx: Ctx, name: string, enabled: boolean) {
  return inTransaction(ctx, async (tx) => {
    const row = await lockBind(tx.em, name);
    if (!row) throw notFound(name);
    const next = { ...row, enabled, updated_at: tx.now };
    await updateBind(tx.em, next);
    return { bind: bindView(next) };
  });
}

export async function removeBind(ctx: Ctx, name: string) {
  return inTransaction(ctx, async (tx) => {
    // A route set meanwhile cannot name the bind this removes.
    await lockBindsTable(tx.em);
    const row = await lockBind(tx.em, name);
    if (!row) throw notFound(name);
    const using = await routesUsing(tx.em, name);
    if (using.length > 0) {
      const operators = using.map((r) => r.operator);
      throw new DomainError('conflict', `The bind ${name} is in the routes of ${operators.join(', ')}; change those routes first.`, {
        field: 'name',
        details: { operators },
      });
    }
    await deleteBind(tx.em, name);
    return { removed: name };
  });
}
