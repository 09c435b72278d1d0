// What every use case receives: the database, the clock and the configuration.
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Orm } from '../db/orm.ts';
import type { Clock } from './clock.ts';
import type { Mailer } from './mail/mailer.ts';
import type { PaymentGateway } from './payments/gateway.ts';
import { retryingContention } from '../db/contention.ts';

export interface RateLimits {
  /** Requests a second per organization, by mode (DESIGN.md section 5). */
  liveRps: number;
  testRps: number;
  /** Failed sign-ins that cost nothing, per email and per client address, before each slows the next. */
  signInFreeFailuresPerEmail: number;
  signInFreeFailuresPerAddress: number;
}

export interface AppConfig {
  rateLimits: RateLimits;
  sessionTtlHours: number;
  secureCookies: boolean;
  /** TRUST_PROXY: how many reverse proxies in front are trusted for the client address and X-Forwarded-Proto. */
  trustProxyHops: number;
  publicUrl: string;
  production: boolean;
  /** LIVE_DISPATCH: whether this deployment may hand live traffic to real operators at all. */
  liveDispatch: boolean;
  /** SMPP_SUBMIT_TIMEOUT_MS: a submit without an answer this long is ambiguous. */
  smppSubmitTimeoutMs: number;
  /** The operator's SMSC (SMPP_URL), throughput cap and window; used only with LIVE_DISPATCH. */
  smpp: { url: string | null; tps: number; window: number };
  /** SIM_DLR_DELAY_MS: how long the built-in SMSC simulator waits before a receipt. */
  simulatorReceiptDelayMs: number;
  /** How long freezing a quote's audience may take before it is abandoned (503 quote_timeout). */
  quoteTimeoutMs: number;
  /** How long one read of campaign recipients may take (503 read_timeout). */
  readTimeoutMs: number;
  /** The key that seals webhook signing secrets (32 bytes: WEBHOOK_SECRETS_KEY or DATA_DIR's key file). */
  webhookSecretsKey: Buffer;
  /** Development lets webhook endpoints use http to loopback, so that a local receiver works. */
  webhooksAllowLoopback: boolean;
  /** SMTP_URL (null: no mail leaves; development writes it to the log) and MAIL_FROM. */
  mail: { smtpUrl: string | null; from: string };
  payments: PaymentsConfig;
}

/**
 * The mobile-money aggregator (LIVE_PAYMENTS and the PAYMENTS_* variables). With live payments off, the built-in
 * simulator takes every checkout, whatever else is set, and nothing is really paid.
 */
export interface PaymentsConfig {
  live: boolean;
  authUrl: string | null;
  baseUrl: string | null;
  appName: string | null;
  clientId: string | null;
  clientSecret: string | null;
  apiKey: string | null;
  callbackSecret: string | null;
  /** The paybill (Lipa) number shown to payers; the simulator's own with live payments off. */
  paybillNumber: string;
  /** SIM_PAYMENT_CALLBACK_DELAY_MS: how long the simulator's payer takes to enter the PIN. */
  simulatorCallbackDelayMs: number;
}

export const defaultConfig: AppConfig = {
  rateLimits: { liveRps: 100, testRps: 20, signInFreeFailuresPerEmail: 5, signInFreeFailuresPerAddress: 20 },
  sessionTtlHours: 24,
  secureCookies: false,
  trustProxyHops: 0,
  publicUrl: 'http://localhost:3000',
  production: false,
  liveDispatch: false,
  smppSubmitTimeoutMs: 10_000,
  smpp: { url: null, tps: 50, window: 100 },
  simulatorReceiptDelayMs: 200,
  quoteTimeoutMs: 30_000,
  readTimeoutMs: 5_000,
  // A key for this process alone; a service reads its own (boot.ts).
  webhookSecretsKey: randomBytes(32),
  webhooksAllowLoopback: false,
  mail: { smtpUrl: null, from: 'Ujumbe <no-reply@localhost>' },
  payments: {
    live: false,
    authUrl: null,
    baseUrl: null,
    appName: null,
    clientId: null,
    clientSecret: null,
    apiKey: null,
    callbackSecret: null,
    paybillNumber: '888800',
    simulatorCallbackDelayMs: 1500,
  },
};

export interface Deps {
  orm: Orm;
  clock: Clock;
  config: AppConfig;
  /** Where mail goes, when the process is given one (tests); otherwise it follows config.mail (mail/mailer.ts). */
  mailer?: Mailer | null;
  /**
   * The mobile-money aggregator (or its simulator with live payments off, started on first use). Every booted
   * process has one; without one (a test that takes no payments) a payment is refused 503 busy.
   */
  payments?: PaymentGateway;
}

/** One request's or one job's view: its own EntityManager fork and the instant it started. */
export interface Ctx {
  deps: Deps;
  em: EntityManager;
  now: Date;
}

export async function newCtx(deps: Deps): Promise<Ctx> {
  return { deps, em: deps.orm.em.fork(), now: await deps.clock.now() };
}

/**
 * Runs fn in a transaction, or in the one already open (no savepoint: a failure rolls back the
 * whole request anyway, and a savepoint costs two round trips). A transaction of its own is run again
 * whole after a deadlock or serialization failure.
 */
export function inTransaction<T>(ctx: Ctx, fn: (tx: Ctx) => Promise<T>): Promise<T> {
  if (ctx.em.isInTransaction()) return fn(ctx);
  return retryingContention(() => ctx.em.transactional((em) => fn({ ...ctx, em })));
}
