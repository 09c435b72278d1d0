// A REST operation declared once: path, access, zod schemas and handler; express and OpenAPI both read it.
import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { Access } from '../core/domain/access.ts';
import type { Actor } from '../core/app/actor.ts';
import type { Ctx } from '../core/app/context.ts';
import type { IdempotentRequest } from '../core/app/idempotency.ts';
import type { ErrorCode } from '../core/domain/errors.ts';

export type Method = 'get' | 'post' | 'patch' | 'delete';

export interface HandlerInput<P, Q, B, A> {
  ctx: Ctx;
  actor: A;
  params: P;
  query: Q;
  body: B;
  /** The request's idempotency key, for an operation that keeps its own record (ownsIdempotency). */
  idempotency: IdempotentRequest | null;
  req: Request;
  res: Response;
}

export type HandlerResult =
  /**
   * replay: the operation repeated a finished action and answers as a replay (X-Idempotent-Replay: true,
   * with replayStatus when the route has one).
   */
  | { status?: number; data: object; replay?: boolean }
  /** The handler wrote the response itself (a stream of another type than JSON). */
  | { written: true };

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteSpec<P, Q, B, Pub extends boolean> {
  method: Method;
  /** Express-style path, e.g. /v1/api-keys/:id */
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  /** 'public' needs no credentials at all. */
  access: Pub extends true ? 'public' : Access;
  params?: P;
  query?: Q;
  body?: B;
  /** required: 400 invalid_request without X-Idempotency-Key; optional: honoured when sent. */
  idempotency?: 'required' | 'optional';
  /** The operation keeps its own idempotency record: no transaction is opened around it. */
  ownsIdempotency?: boolean;
  status?: number;
  /** The status of a replayed answer when it differs from the first (create 201, replay 200). */
  replayStatus?: number;
  /**
   * The answer shows a secret once (`data.secret`): its idempotency record keeps it withheld, so a replay
   * says `secret: null, secret_shown: false`. (Every API answer is no-store: app.ts.)
   */
  revealsSecret?: boolean;
  /** The refusals the operation documents (OpenAPI: a response for each status, naming its codes). */
  refusals?: readonly ErrorCode[];
  /** An operation beyond the specification's API (the OpenAPI document marks it `x-svc-extension`). */
  extension?: boolean;
  /** Operation that never changes state although its method is POST (no CSRF check). */
  csrfExempt?: boolean;
  /** The request body is this media type, streamed to the handler (not JSON). */
  rawBody?: 'text/csv';
  /** The success response is this media type instead of the JSON envelope. */
  produces?: 'text/csv';
  handler: (
    input: HandlerInput<Infer<P>, Infer<Q>, Infer<B>, Pub extends true ? Actor | null : Exclude<Actor, { kind: 'operator' }>>,
  ) => Promise<HandlerResult>;
}

export type AnyRoute = RouteSpec<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, boolean>;

export function route<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(spec: RouteSpec<P, Q, B, false>): AnyRoute {
  return spec as unknown as AnyRoute;
}

export function publicRoute<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(spec: RouteSpec<P, Q, B, true>): AnyRoute {
  return spec as unknown as AnyRoute;
}

export const ok = (data: object, status?: number): HandlerResult => (status === undefined ? { data } : { data, status });

/** A use case's result that may be a replay: its data, answered as a replay when it is one. */
export const okOrReplay = ({ replay, ...data }: { replay: boolean } & object): HandlerResult => ({ data, replay });
