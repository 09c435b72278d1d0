// Turns a declared route into an express handler: credentials (and their rate limit), access, CSRF, validation, idempotency.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { TenantActor } from '../core/app/actor.ts';
import type { Deps, Ctx } from '../core/app/context.ts';
import type { AnyRoute } from './route.ts';
import { authorize } from '../core/app/actor.ts';
import { newCtx } from '../core/app/context.ts';
import { authenticateCaller } from '../core/app/auth/authenticate.ts';
import { requireCsrf } from '../core/app/auth/csrf.ts';
import { IDEMPOTENCY_KEY_RE, fingerprintOf, withIdempotency, withSecretWithheld, type IdempotentRequest } from '../core/app/idempotency.ts';
import { dataOfAnswer, successAnswer } from '../core/transport/envelope.ts';
import { DomainError } from '../core/domain/errors.ts';
import { findHostileText, findUndecodableQuery } from '../core/domain/text-input.ts';
import { SESSION_COOKIE, readCookies } from '../core/transport/cookies.ts';
import { parseWith } from '../core/app/validation.ts';
import { z } from 'zod';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

interface Caller {
  actor: TenantActor;
  sessionToken: string | null;
}

function authenticate(ctx: Ctx, req: Request): Promise<Caller> {
  return authenticateCaller(ctx, { authorization: req.headers.authorization, sessionToken: readCookies(req).get(SESSION_COOKIE) });
}

function checkCsrf(req: Request, caller: Caller, route: AnyRoute): void {
  if (SAFE_METHODS.has(req.method) || route.csrfExempt) return;
  const header = req.headers['x-csrf-token'];
  requireCsrf(caller.actor, caller.sessionToken, Array.isArray(header) ? header[0] : header);
}

function idempotencyKey(req: Request, route: AnyRoute): string | null {
  if (!route.idempotency) return null;
  const value = req.headers['x-idempotency-key'];
  if (value === undefined) {
    if (route.idempotency === 'optional') return null;
    throw new DomainError('invalid_request', 'X-Idempotency-Key is required on this operation.', { field: 'X-Idempotency-Key' });
  }
  const key = Array.isArray(value) ? value[0] : value;
  if (key === undefined || !IDEMPOTENCY_KEY_RE.test(key)) {
    throw new DomainError('invalid_request', 'X-Idempotency-Key must be 1 to 255 printable ASCII characters (0x21 to 0x7E).', {
      field: 'X-Idempotency-Key',
    });
  }
  return key;
}

/** Malformed or unknown ids are 404 not_found, never 422: an id that cannot exist is simply not found. */
function parseParams(route: AnyRoute, raw: Record<string, string>): unknown {
  if (!route.params) return raw;
  const parsed = (route.params as z.ZodType).safeParse(raw);
  if (!parsed.success) throw new DomainError('not_found', `Nothing was found at ${route.path.replace(/:\w+/g, (m) => raw[m.slice(1)] ?? m)}.`);
  return parsed.data;
}

/** NUL and other control characters (but a body's line breaks) and lone surrogates: 422 naming the field. */
function refuseHostileText(value: unknown): void {
  const found = findHostileText(value);
  if (found) throw new DomainError('validation_failed', found.message, { field: found.field });
}

/** A query value whose percent-encoding does not decode is refused like a control character, never read as U+FFFD. */
function refuseHostileQuery(req: Request): void {
  const at = req.originalUrl.indexOf('?');
  const found = (at < 0 ? null : findUndecodableQuery(req.originalUrl.slice(at + 1))) ?? findHostileText(req.query, [], 'query');
  if (found) throw new DomainError('validation_failed', found.message, { field: found.field });
}

function parseBody(route: AnyRoute, req: Request): unknown {
  if (!route.body) return undefined;
  // express.json fills req.body only for a JSON request that has a body.
  const raw: unknown = req.body;
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (raw === undefined && hasBody) {
    throw new DomainError('invalid_request', 'The request body must be JSON (Content-Type: application/json).', { field: 'body' });
  }
  return parseWith(route.body as z.ZodType, raw ?? {});
}

function send(res: Response, status: number, body: string, replay: boolean): void {
  if (replay) res.setHeader('X-Idempotent-Replay', 'true');
  res.status(status).type('application/json').send(body);
}

export function handlerFor(route: AnyRoute, deps: Deps): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const ctx = await newCtx(deps);
      let actor: TenantActor | null = null;
      if (route.access !== 'public') {
        const caller = await authenticate(ctx, req);
        actor = caller.actor;
        authorize(caller.actor, route.access);
        checkCsrf(req, caller, route);
      }
      const key = idempotencyKey(req, route);
      refuseHostileQuery(req);
      if (route.body && !route.rawBody) refuseHostileText(req.body);
      const params = parseParams(route, req.params as Record<string, string>);
      const query = route.query ? parseWith(route.query as z.ZodType, { ...(req.query as object) }) : undefined;
      const body = parseBody(route, req);
      let replayed = false;
      const run = async (c: Ctx, idempotency: IdempotentRequest | null = null) => {
        const result = await route.handler({ ctx: c, actor: actor as never, params, query, body, idempotency, req, res });
        if ('written' in result) return null;
        replayed = result.replay === true;
        const status = result.status ?? (replayed ? route.replayStatus : undefined) ?? route.status ?? 200;
        return successAnswer(status, result.data);
      };
      if (key === null || actor === null || route.rawBody || route.produces) {
        const out = await run(ctx);
        if (out) send(res, out.status, out.body, replayed);
        return;
      }
      const mode = actor.kind === 'key' ? actor.mode : 'session';
      const fingerprint = fingerprintOf({ route: `${route.method} ${route.path}`, mode, params: req.params, query: req.query, body: req.body ?? null });
      const scope = { organizationId: actor.organizationId, operation: route.operationId, key, fingerprint };
      if (route.ownsIdempotency) {
        const answer = (data: object) => successAnswer(route.status ?? 200, data);
        const out = await run(ctx, { scope, answer, resultOf: dataOfAnswer });
        if (out) send(res, out.status, out.body, replayed);
        return;
      }
      const out = await withIdempotency(ctx, scope, async (c) => (await run(c))!, route.revealsSecret ? withSecretWithheld : undefined);
      send(res, out.replay && route.replayStatus ? route.replayStatus : out.status, out.body, out.replay);
    } catch (err) {
      next(err);
    }
  };
}
