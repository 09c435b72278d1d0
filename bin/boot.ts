// Composition root: environment, database (embedded or DATABASE_URL), ORM, clock and configuration.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TEnv } from '../core/config.ts';
import type { Deps } from '../core/app/context.ts';
import { loadEnv } from '../core/config.ts';
import { defaultConfig } from '../core/app/context.ts';
import { databaseTestClock, systemClock } from '../core/app/clock.ts';
import { startEmbedded } from '../core/db/embedded.ts';
import { createOrm } from '../core/db/orm.ts';
import { StartupError } from '../core/startup-error.ts';
import { REST_PATHS } from '../core/transport/rest-paths.ts';
import { createPaymentGateway, type Payments } from '../workers/providers/payments/index.ts';

export interface Booted {
  env: TEnv;
  url: string;
  deps: Deps;
  /** deps.payments, with the simulator behind it when live payments are off (for tools that pay a paybill). */
  payments: Payments;
  close(): Promise<void>;
}

export async function resolveDatabase(env: TEnv): Promise<{ url: string; stop: () => Promise<void> }> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, stop: async () => {} };
  return startEmbedded(env.DATA_DIR, { notice: (message) => log(message) });
}

export async function boot(options: { migrateFirst?: (url: string) => Promise<void>; poolMax?: number } = {}): Promise<Booted> {
  const env = loadEnv();
  const db = await resolveDatabase(env);
  if (options.migrateFirst) await options.migrateFirst(db.url);
  const orm = await createOrm(db.url, { poolMax: options.poolMax ?? 20 });
  const clock = env.CLOCK === 'test' ? databaseTestClock(orm.em) : systemClock;
  const production = env.NODE_ENV === 'production';
  const deps: Deps = {
    orm,
    clock,
    config: {
      ...defaultConfig,
      rateLimits: { ...defaultConfig.rateLimits, liveRps: env.RATE_LIMIT_LIVE_RPS, testRps: env.RATE_LIMIT_TEST_RPS },
      production,
      liveDispatch: env.LIVE_DISPATCH,
      smppSubmitTimeoutMs: env.SMPP_SUBMIT_TIMEOUT_MS,
      smpp: { url: env.SMPP_URL ?? null, tps: env.SMPP_TPS, window: env.SMPP_WINDOW },
      simulatorReceiptDelayMs: env.SIM_DLR_DELAY_MS,
      quoteTimeoutMs: env.QUOTE_TIMEOUT_MS,
      readTimeoutMs: env.READ_TIMEOUT_MS,
      publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
      secureCookies: (env.PUBLIC_URL ?? '').startsWith('https://'),
      trustProxyHops: env.TRUST_PROXY,
      webhookSecretsKey: webhookSecretsKey(env),
      webhooksAllowLoopback: env.NODE_ENV === 'development',
      mail: { smtpUrl: env.SMTP_URL ?? null, from: env.MAIL_FROM },
      payments: {
        live: env.LIVE_PAYMENTS,
        authUrl: env.PAYMENTS_AUTH_URL ?? null,
        baseUrl: env.PAYMENTS_BASE_URL ?? null,
        appName: env.PAYMENTS_APP_NAME ?? null,
        clientId: env.PAYMENTS_CLIENT_ID ?? null,
        clientSecret: env.PAYMENTS_CLIENT_SECRET ?? null,
        apiKey: env.PAYMENTS_API_KEY ?? null,
        callbackSecret: env.PAYMENTS_CALLBACK_SECRET ?? null,
        paybillNumber: env.PAYBILL_NUMBER ?? defaultConfig.payments.paybillNumber,
        simulatorCallbackDelayMs: env.SIM_PAYMENT_CALLBACK_DELAY_MS,
      },
    },
  };
  // With live payments off, a simulator starts only when this process first pays or asks about a payment.
  const payments = createPaymentGateway(deps.config, { callbackUrl: `${deps.config.publicUrl.replace(/\/+$/, '')}${REST_PATHS.receiveMobileMoneyNotice}` });
  deps.payments = payments;
  return {
    env,
    url: db.url,
    deps,
    payments,
    async close() {
      await payments.close().catch(() => {});
      await orm.close();
      await db.stop();
    },
  };
}

/**
 * WEBHOOK_SECRETS_KEY, or the key file in DATA_DIR, made on first start (readable by this user only); every
 * process of one deployment must use the same key.
 */
function webhookSecretsKey(env: TEnv): Buffer {
  if (env.WEBHOOK_SECRETS_KEY) return Buffer.from(env.WEBHOOK_SECRETS_KEY, 'base64');
  const file = path.join(path.resolve(env.DATA_DIR), 'webhook-secrets.key');
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const key = randomBytes(32);
    try {
      fs.writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
      return key;
    } catch {
      // Another process made it first.
      return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    }
  }
}

export function log(message: string, fields: Record<string, unknown> = {}): void {
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), message, ...fields })}\n`);
}

/**
 * Runs a command: a failure to start is one line on stderr (what is wrong and what to do) and a non-zero
 * exit status (2 for a bad setting), never a stack trace.
 */
export async function main(run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (err) {
    const line = err instanceof StartupError ? err.message : `could not start: ${(err as Error)?.message ?? String(err)}`;
    process.stderr.write(`ujumbe: ${line.replace(/\s*\n\s*/g, ' ')}\n`);
    process.exit(err instanceof StartupError ? err.exitCode : 1);
  }
}
