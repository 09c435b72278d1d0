// tRPC for the dashboard: initTRPC once, the session context, the procedures and the one error map.
import { TRPCError, initTRPC } from '@trpc/server';
import { z } from 'zod';
import type { CreateExpressContextOptions } from '@trpc/server/adapters/express';
import type { Access } from '../core/domain/access.ts';
import type { Deps } from '../core/app/context.ts';
import type { Actor } from '../core/app/actor.ts';
import { authorize } from '../core/app/actor.ts';
import { newCtx } from '../core/app/context.ts';
import { authenticateSession } from '../core/app/auth/authenticate.ts';
import { requireCsrf } from '../core/transport/csrf.ts';
import { DomainError } from '../core/domain/errors.ts';
import { findHostileText } from '../core/domain/text-input.ts';
import { tooDeepValue } from '../core/domain/json-depth.ts';
import { validationError } from '../core/app/validation.ts';
import { busyError } from '../core/transport/busy.ts';
import { ERROR_STATUS } from '../core/transport/error-status.ts';
import { SESSION_COOKIE, readCookies } from '../core/transport/cookies.ts';

export async function createContext(deps: Deps, { req, res }: CreateExpressContextOptions) {
  // The clock may read the database (CLOCK=test): a fault there is busy too.
  const ctx = await mapErrors(() => newCtx(deps));
  const header = req.headers['x-csrf-token'];
  return {
    ctx,
    req,
    res,
    sessionToken: readCookies(req).get(SESSION_COOKIE) ?? null,
    csrfToken: Array.isArray(header) ? header[0] : header,
    /** The session's member, read once for every call of a batch (one round trip, one rate-limit token a request, as REST). */
    member: null as Promise<Member> | null,
  };
}
export type TrpcContext = Awaited<ReturnType<typeof createContext>>;
export type Member = Extract<Actor, { kind: 'member' }>;

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

/**
 * A DomainError thrown by a use case becomes the TRPCError of its status; contention that outlasted every
 * retry and a database that is down or frozen are 503 busy with retry_after (as over REST); anything else
 * passes as it is (500, logged by the router).
 */
export function mapErrors<T>(run: () => Promise<T>): Promise<T> {
  return run().catch((err: unknown) => {
    if (err instanceof DomainError) throw toTrpc(err);
    const busy = busyError(err);
    throw busy ? toTrpc(busy) : err;
  });
}

/** The spec's error fields of a failed call, as `error.data.ujumbe` of the answer. */
export interface UjumbeError {
  code: string;
  field?: string;
  details?: Record<string, unknown>;
  retry_after?: number;
}

/** The DomainError behind a failed call: a use case's, or the validation_failed of an input zod refused. */
function domainCause(error: TRPCError): DomainError | null {
  if (error.cause instanceof DomainError) return error.cause;
  if (error.code === 'BAD_REQUEST' && error.cause instanceof z.ZodError) return validationError(error.cause, 'input');
  return null;
}

function ujumbeError(cause: DomainError | null): UjumbeError | null {
  if (cause) {
    const out: UjumbeError = { code: cause.code };
    if (cause.field !== undefined) out.field = cause.field;
    if (cause.details !== undefined) out.details = cause.details;
    if (cause.retryAfter !== undefined) out.retry_after = cause.retryAfter;
    return out;
  }
  return null;
}

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    const cause = domainCause(error);
    // An unexpected error says nothing of its cause (as REST's 500 internal_error does).
    const message = cause?.message ?? (error.code === 'INTERNAL_SERVER_ERROR' ? 'Something went wrong on our side; the request had no effect and may be retried.' : shape.message);
    return { ...shape, message, data: { ...shape.data, stack: undefined, ujumbe: ujumbeError(cause) } };
  },
});

export const router = t.router;

/**
 * The same input layer as REST: input nested too deep (json-depth.ts), control characters and lone surrogates
 * never reach a use case. A POST body was measured before it was parsed (core/transport/json-body.ts); the input
 * of a GET (`?input=`, a batch's too) was parsed by tRPC, so its value is measured here, before it is walked.
 */
const refuseHostileInput = t.middleware(async ({ next, getRawInput }) => {
  const input = await getRawInput();
  const hostile = tooDeepValue(input, 'input') ?? findHostileText(input);
  if (hostile) throw toTrpc(new DomainError('validation_failed', hostile.message, { field: hostile.field }));
  return next();
});

/** Anyone (sign in): no session needed. */
export const publicProcedure = t.procedure.use(refuseHostileInput);

/** A signed-in member (the session takes a token of the organization's rate limit); mutations also need the session's X-CSRF-Token. */
export const memberProcedure = t.procedure
  .use(async ({ ctx, type, next }) => {
    const actor = await mapErrors(async () => {
      const token = ctx.sessionToken;
      if (!token) throw new DomainError('unauthorized', 'Sign in first.');
      ctx.member ??= authenticateSession(ctx.ctx, token);
      const member = await ctx.member;
      if (type === 'mutation') requireCsrf(member, token, ctx.csrfToken);
      return member;
    });
    return next({ ctx: { ...ctx, actor } });
  })
  .use(refuseHostileInput);

/** Runs a use case as the member after checking the operation's permission; DomainErrors become TRPCErrors. */
export function asMember<T>(actor: Member, access: Access, run: () => Promise<T>): Promise<T> {
  return mapErrors(async () => {
    authorize(actor, access);
    return run();
  });
}

/** Any signed-in member may call it (who am I, sign out). */
export const ANY_MEMBER: Access = { scopes: [], permission: null };
