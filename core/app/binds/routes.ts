// Routes by operator: each operator's binds in order, its own first, then its fallbacks.
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { OPERATORS } from '../../domain/operators.ts';
import { DEFAULT_BIND } from '../../domain/bind-routes.ts';
import { lockBindsTable, readBinds, readRoutes, writeRoute } from '../../db/binds/binds.ts';

export async function setRoute(ctx: Ctx, operator: string, binds: readonly string[]) {
  return inTransaction(ctx, async (tx) => {
    // A bind removed meanwhile cannot be named.
    await lockBindsTable(tx.em);
    const known = new Set((await readBinds(tx.em)).map((b) => b.name));
    const unknown = binds.filter((b) => !known.has(b));
    if (unknown.length > 0) {
      throw new DomainError('validation_failed', `binds: no bind is named ${unknown.join(', ')}; add it first with \`binds add\`.`, { field: 'binds' });
    }
    await writeRoute(tx.em, operator, binds, tx.now);
    return listRoutes(tx);
  });
}

/** Every operator, with its route or what carries it without one. */
export async function listRoutes(ctx: Ctx) {
  const [routes, binds] = await Promise.all([readRoutes(ctx.em), readBinds(ctx.em)]);
  const byOperator = new Map(routes.map((r) => [r.operator, r.binds]));
  const hasDefault = binds.length === 0 || binds.some((b) => b.name === DEFAULT_BIND);
  return {
    routes: OPERATORS.map((operator) => {
      const route = byOperator.get(operator);
      if (route) return { operator, binds: route, source: 'route' as const };
      return { operator, binds: hasDefault ? [DEFAULT_BIND] : [], source: hasDefault ? ('default' as const) : ('none' as const) };
    }),
  };
}
