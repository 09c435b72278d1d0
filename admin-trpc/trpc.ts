// tRPC for the dashboard: initTRPC once, the session context, memberProcedure and the one error map.
import { TRPCError, initTRPC } from '@trpc/server';
import type { CreateExpressContextOptions } from '@trpc/server/adapters/express';
import type { Access } from '../core/domain/access.ts';
import type { Deps } from '../core/app/context.ts';
import type { Actor } from '../core/app/actor.ts';
import { authorize } from '../core/app/actor.ts';
import { newCtx } from '../core/app/context.ts';
import { authenticateSession } from '../core/app/auth/authenticate.ts';
import { requireCsrf } from '../core/app/auth/csrf.ts';
import { DomainError } from '../core/domain/errors.ts';
import { findHostileText } from '../core/domain/text-input.ts';
import { ERROR_STATUS } from '../core/app/http/error-status.ts';
import { SESSION_COOKIE, readCookies } from '../core/app/http/session-cookies.ts';

export async function createContext(deps: Deps, { req }: CreateExpressContextOptions) {
  const ctx = await newCtx(deps);
  const header = req.headers['x-csrf-token'];
  return {
    ctx,
    sessionToken: readCookies(req).get(SESSION_COOKIE) ?? null,
    csrfToken: Array.isArray(header) ? header[0] : header,
  };
}
export type TrpcContext = Awaited<ReturnType<typeof createContext>>;

const STATUS_TO_TRPC: Record<number, TRPCError['code']> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

function toTrpc(err: DomainError): TRPCError {
  return new TRPCError({ code: STATUS_TO_TRPC[ERROR_STATUS[err.code]] ?? 'INTERNAL_SERVER_ERROR', message: err.message, cause: err });
}

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause instanceof DomainError ? error.cause : null;
    const zodField = error.code === 'BAD_REQUEST' && !cause ? 'input' : undefined;
    return {
      ...shape,
      data: { ...shape.data, stack: undefined, ujumbe: cause ? { code: cause.code, field: cause.field } : zodField ? { code: 'validation_failed' } : null },
    };
  },
});

export const router = t.router;

/** A signed-in member; mutations also need the session's X-CSRF-Token. */
export const memberProcedure = t.procedure.use(async ({ ctx, type, next, getRawInput }) => {
  try {
    if (!ctx.sessionToken) throw new DomainError('unauthorized', 'Sign in first.');
    const actor = await authenticateSession(ctx.ctx, ctx.sessionToken);
    if (type === 'mutation') requireCsrf(actor, ctx.sessionToken, ctx.csrfToken);
    // The same input layer as REST: control characters and lone surrogates never reach a use case.
    const hostile = findHostileText(await getRawInput());
    if (hostile) throw new DomainError('validation_failed', hostile.message, { field: hostile.field });
    return next({ ctx: { ...ctx, actor } });
  } catch (err) {
    throw err instanceof DomainError ? toTrpc(err) : err;
  }
});

/** Runs a use case as the member after checking the operation's permission; DomainErrors become TRPCErrors. */
export async function asMember<T>(actor: Extract<Actor, { kind: 'member' }>, access: Access, run: () => Promise<T>): Promise<T> {
  try {
    authorize(actor, access);
    return await run();
  } catch (err) {
    throw err instanceof DomainError ? toTrpc(err) : err;
  }
}
