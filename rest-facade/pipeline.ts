// Turns a declared route into an express handler: credentials (and their rate limit), access, CSRF, validation, idempotency.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { TenantActor } from '../core/app/actor.ts';
import type { Deps, Ctx } from '../core/app/context.ts';
import type { AnyRoute, HandlerResult } from './route.ts';
import { authorize } from '../core/app/actor.ts';
import { newCtx } from '../core/app/context.ts';
import { authenticateCaller } from '../core/app/auth/authenticate.ts';
import { requireCsrf } from '../core/transport/csrf.ts';
import { IDEMPOTENCY_KEY_RE, fingerprintOf, withIdempotency, withSecretWithheld, type IdempotentRequest } from '../core/app/idempotency.ts';
import { successBody } from '../core/transport/envelope.ts';
import { CONTENT_TYPE_HEADER, CSRF_HEADER, IDEMPOTENCY_KEY_HEADER, REPLAY_HEADER, headerValue } from '../core/transport/headers.ts';
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
  requireCsrf(caller.actor, caller.sessionToken, headerValue(req.headers, CSRF_HEADER));
}

function idempotencyKey(req: Request, route: AnyRoute): string | null {
  if (!route.idempotency) return null;
  const key = headerValue(req.headers, IDEMPOTENCY_KEY_HEADER);
  if (key === undefined) {
    if (route.idempotency === 'optional') return null;
    throw new DomainError('invalid_request', `${IDEMPOTENCY_KEY_HEADER} is required on this operation.`, { field: IDEMPOTENCY_KEY_HEADER });
  }
  if (!IDEMPOTENCY_KEY_RE.test(key)) {
    throw new DomainError('invalid_request', `${IDEMPOTENCY_KEY_HEADER} must be 1 to 255 printable ASCII characters (0x21 to 0x7E).`, {
      field: IDEMPOTENCY_KEY_HEADER,
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

/** A raw body comes as the route's media type, said by Content-Type (its parameters, such as charset, aside). */
function requireMediaType(req: Request, type: string): void {
  const sent = (headerValue(req.headers, CONTENT_TYPE_HEADER) ?? '').split(';')[0]!.trim().toLowerCase();
  if (sent !== type) throw new DomainError('invalid_request', `Send the file itself as the body, with ${CONTENT_TYPE_HEADER}: ${type}.`, { field: CONTENT_TYPE_HEADER });
}

function send(res: Response, status: number, body: string, replay: boolean): void {
  if (replay) res.setHeader(REPLAY_HEADER, 'true');
  res.status(status).type('application/json').send(body);
}

/** A handler's result as REST answers it: its status (a replay's own when the route has one) and the envelope. */
function render(route: AnyRoute, res: Response, result: HandlerResult): void {
  if ('written' in result) return;
  const replay = result.replay === true;
  const status = result.status ?? (replay ? route.replayStatus : undefined) ?? route.status ?? 200;
  send(res, status, successBody(JSON.stringify(result.data)), replay);
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
      if (route.rawBody) requireMediaType(req, route.rawBody);
      const run = (c: Ctx, idempotency: IdempotentRequest | null = null) =>
        route.handler({ ctx: c, actor: actor as never, params, query, body, idempotency, req, res });
      if (key === null || actor === null || route.rawBody || route.produces) {
        render(route, res, await run(ctx));
        return;
      }
      const mode = actor.kind === 'key' ? actor.mode : 'session';
      const fingerprint = fingerprintOf({ route: `${route.method} ${route.path}`, mode, params: req.params, query: req.query, body: req.body ?? null });
      const scope = { organizationId: actor.organizationId, operation: route.operationId, key, fingerprint, keyName: IDEMPOTENCY_KEY_HEADER };
      if (route.ownsIdempotency) {
        render(route, res, await run(ctx, { scope }));
        return;
      }
      const keptForm = (result: HandlerResult) => {
        const data = 'written' in result ? null : result.data;
        return route.revealsSecret ? withSecretWithheld(data) : data;
      };
      const out = await withIdempotency(ctx, scope, (c) => run(c), keptForm);
      // A replay answers the kept result as the first answer put it, in the route's status for a replay.
      if (out.replay) send(res, route.replayStatus ?? route.status ?? 200, successBody(out.kept), true);
      else render(route, res, out.value);
    } catch (err) {
      next(err);
    }
  };
}
