// tRPC over real HTTP: the app with /trpc mounted, and a signed-in member's client that sends the CSRF token.
import type { Express } from 'express';
import request from 'supertest';
import { expect } from 'vitest';
import { createServiceApp } from '../../bin/server/app.ts';
import { mountTrpc } from '../../admin-trpc/router.ts';
import type { TestEnv } from './app.ts';

export function trpcApp(env: TestEnv): Express {
  const logger = { error: (m: string, e: unknown) => console.error(m, e) };
  return createServiceApp(env.deps, { logger, surfaces: [mountTrpc] });
}

export interface TrpcAnswer<T = any> {
  status: number;
  /** The procedure's result (undefined when the call failed). */
  data: T;
  /** The spec's code and field of a failure (error.data.ujumbe), with the message. */
  error: { code: string; field?: string; details?: Record<string, unknown>; message: string } | undefined;
  headers: Record<string, string>;
}

function answer(res: request.Response): TrpcAnswer {
  const error = res.body?.error;
  return {
    status: res.status,
    data: res.body?.result?.data,
    error: error ? { ...error.data?.ujumbe, message: error.message } : undefined,
    headers: res.headers as Record<string, string>,
  };
}

export interface TrpcClient {
  agent: ReturnType<typeof request.agent>;
  csrf: string;
  query<T = any>(path: string, input?: unknown): Promise<TrpcAnswer<T>>;
  mutate<T = any>(path: string, input?: unknown): Promise<TrpcAnswer<T>>;
}

/** A client without a session (calls signIn itself, or proves that others need one). */
export function anonymous(app: Express): TrpcClient {
  return clientOf(request.agent(app), '');
}

function clientOf(agent: ReturnType<typeof request.agent>, csrf: string): TrpcClient {
  return {
    agent,
    csrf,
    async query(path, input) {
      const qs = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
      return answer(await agent.get(`/trpc/${path}${qs}`));
    },
    async mutate(path, input) {
      const req = agent.post(`/trpc/${path}`).set('X-CSRF-Token', csrf).set('Content-Type', 'application/json');
      return answer(await (input === undefined ? req : req.send(input as object)));
    },
  };
}

/** Signs the member in through auth.signIn and returns their client. */
export async function signedIn(app: Express, member: { email: string; password: string }): Promise<TrpcClient> {
  const agent = request.agent(app);
  const res = await agent.post('/trpc/auth.signIn').send({ email: member.email, password: member.password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return clientOf(agent, res.body.result.data.csrf_token as string);
}

/** Asserts a successful call and returns its result. */
export function ok<T>(res: TrpcAnswer<T>): T {
  expect(res.error, JSON.stringify(res.error)).toBeUndefined();
  expect(res.status).toBe(200);
  return res.data;
}

/** Asserts a refusal with the spec's code (and field when given). */
export function refused(res: TrpcAnswer, status: number, code: string, field?: string): void {
  expect(res.status, JSON.stringify(res.error)).toBe(status);
  expect(res.error?.code).toBe(code);
  if (field !== undefined) expect(res.error?.field).toBe(field);
}
