// Calls to the aggregator with a bound on each, and its access token: asked once, kept until shortly before it
// expires, asked again at once when a call is refused with 401.
import { z } from 'zod';
import { AGGREGATOR_PATHS, ZTokenAnswer } from './aggregator-wire.ts';

/** What a call came back with: an answer (any status, its JSON or undefined), or none (a timeout, a network error). */
export type Reply = { kind: 'answer'; status: number; json: unknown } | { kind: 'no_answer'; reason: string };

export interface Credentials {
  appName: string;
  clientId: string;
  clientSecret: string;
}

/** One call: a JSON body out, the answer's JSON in, the whole of it (headers and body) within timeoutMs. */
export async function call(url: string, init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: unknown }, timeoutMs: number): Promise<Reply> {
  try {
    const response = await fetch(url, {
      method: init.method,
      headers: { accept: 'application/json', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { kind: 'answer', status: response.status, json };
  } catch (err) {
    const name = (err as Error)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') return { kind: 'no_answer', reason: `no answer within ${timeoutMs} ms` };
    const cause = (err as { cause?: { code?: string } })?.cause?.code;
    return { kind: 'no_answer', reason: `could not reach the aggregator${cause ? ` (${cause})` : ''}` };
  }
}

/** The words of an aggregator's answer, when it gave any. */
export function messageOf(json: unknown): string | null {
  const parsed = z.object({ message: z.string().min(1) }).safeParse(json);
  return parsed.success ? parsed.data.message.slice(0, 500) : null;
}

export type TokenResult = { token: string } | { refused: string } | { noAnswer: string };

/** A token is asked again this long before the aggregator says it expires, so no call carries one just expired. */
const REFRESH_EARLY_MS = 60_000;
/** How long a token is kept when the aggregator's `expire` cannot be read. */
const UNREAD_EXPIRY_MS = 5 * 60_000;

export interface TokenCache {
  /** The token in hand, or a fresh one (`stale`: the one the aggregator just refused with 401). */
  get(stale?: string): Promise<TokenResult>;
}

export function tokenCache(authUrl: string, credentials: Credentials, timeoutMs: number): TokenCache {
  let held: { token: string; refreshAt: number } | null = null;
  let asking: Promise<TokenResult> | null = null;

  async function ask(): Promise<TokenResult> {
    const reply = await call(`${authUrl}${AGGREGATOR_PATHS.token}`, { method: 'POST', body: credentials }, timeoutMs);
    if (reply.kind === 'no_answer') return { noAnswer: `token: ${reply.reason}` };
    if (reply.status >= 500) return { noAnswer: `token: the aggregator answered ${reply.status}` };
    const parsed = ZTokenAnswer.safeParse(reply.json);
    if (reply.status >= 300 || !parsed.success || parsed.data.success === false) {
      return { refused: `The aggregator refused our credentials (${reply.status}${messageOf(reply.json) ? `: ${messageOf(reply.json)}` : ''}).` };
    }
    // The token is used by the clock of the aggregator that issued it: real time, not the service's clock.
    const now = Date.now();
    const expires = Date.parse(parsed.data.data.expire ?? '');
    const expiresAt = Number.isNaN(expires) ? now + UNREAD_EXPIRY_MS : expires;
    const refreshAt = Math.max(now, expiresAt - Math.min(REFRESH_EARLY_MS, (expiresAt - now) / 2));
    held = { token: parsed.data.data.accessToken, refreshAt };
    return { token: held.token };
  }

  return {
    async get(stale) {
      if (held && (held.token === stale || Date.now() >= held.refreshAt)) held = null;
      if (held) return { token: held.token };
      // Calls at once share one request for a token.
      asking ??= ask().finally(() => {
        asking = null;
      });
      return asking;
    },
  };
}
