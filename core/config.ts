// Environment parsed once at boot (DESIGN.md section 2); nothing else reads process.env.
import { z } from 'zod';
import { StartupError } from './startup-error.ts';

const ZBoolFlag = z
  .enum(['on', 'off', 'true', 'false', '1', '0', ''])
  .transform((v) => v === 'on' || v === 'true' || v === '1');

function isUrl(value: string, protocols: string[], needsUser: boolean): boolean {
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && url.hostname !== '' && (!needsUser || url.username !== '');
  } catch {
    return false;
  }
}

export const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z.string().refine((u) => isUrl(u, ['postgres:', 'postgresql:'], false), 'postgres://user:password@host:port/database').optional(),
  LIVE_DISPATCH: ZBoolFlag.default(false),
  SMPP_URL: z.string().refine((u) => isUrl(u, ['smpp:'], true), 'smpp://system_id:password@host:port').optional(),
  SMPP_TPS: z.coerce.number().int().min(1).max(10_000).default(50),
  SMPP_WINDOW: z.coerce.number().int().min(1).max(1000).default(100),
  SMPP_SUBMIT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  SIM_DLR_DELAY_MS: z.coerce.number().int().min(0).default(200),
  RATE_LIMIT_LIVE_RPS: z.coerce.number().int().min(1).max(100_000).default(100),
  RATE_LIMIT_TEST_RPS: z.coerce.number().int().min(1).max(100_000).default(20),
  QUOTE_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  READ_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  CLOCK: z.enum(['system', 'test']).default('system'),
  PUBLIC_URL: z.string().url().optional(),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  SMTP_URL: z.string().refine((u) => isUrl(u, ['smtp:', 'smtps:'], false), 'smtp://user:password@host:port or smtps://…').optional(),
  MAIL_FROM: z.string().min(3).max(254).default('Ujumbe <no-reply@localhost>'),
  LIVE_PAYMENTS: ZBoolFlag.default(false),
  PAYMENTS_AUTH_URL: z.string().refine((u) => isUrl(u, ['https:', 'http:'], false), 'https://… (the aggregator\'s token endpoint host)').optional(),
  PAYMENTS_BASE_URL: z.string().refine((u) => isUrl(u, ['https:', 'http:'], false), 'https://… (the aggregator\'s checkout API)').optional(),
  PAYMENTS_APP_NAME: z.string().min(1).max(200).optional(),
  PAYMENTS_CLIENT_ID: z.string().min(1).max(500).optional(),
  PAYMENTS_CLIENT_SECRET: z.string().min(1).max(5000).optional(),
  PAYMENTS_API_KEY: z.string().min(1).max(500).optional(),
  PAYMENTS_CALLBACK_SECRET: z.string().min(16).max(500).optional(),
  PAYBILL_NUMBER: z.string().regex(/^[0-9]{5,8}$/, 'the paybill or Lipa number, 5 to 8 digits').optional(),
  SIM_PAYMENT_CALLBACK_DELAY_MS: z.coerce.number().int().min(0).default(1500),
  WEBHOOK_SECRETS_KEY: z
    .string()
    .refine((k) => /^[A-Za-z0-9+/]{43}=$/.test(k), 'the base64 of 32 random bytes')
    .optional(),
});

export type TEnv = z.infer<typeof ZEnv>;

// Their values may hold passwords: an error names them but never repeats them.
const SECRET_BEARING = new Set(['DATABASE_URL', 'SMPP_URL', 'SMTP_URL', 'WEBHOOK_SECRETS_KEY', 'PAYMENTS_CLIENT_SECRET', 'PAYMENTS_API_KEY', 'PAYMENTS_CALLBACK_SECRET']);

/** Live payments need every setting of the aggregator: named, never shown. */
const LIVE_PAYMENT_SETTINGS = ['PAYMENTS_AUTH_URL', 'PAYMENTS_BASE_URL', 'PAYMENTS_APP_NAME', 'PAYMENTS_CLIENT_ID', 'PAYMENTS_CLIENT_SECRET', 'PAYMENTS_CALLBACK_SECRET', 'PAYBILL_NUMBER'] as const;

type Schema = z.ZodType & { def: { innerType?: Schema; in?: Schema }; minValue?: number | null; maxValue?: number | null; options?: string[]; format?: string | null };

/** What a variable accepts, in words, read from its schema. */
function allowedValues(schema: Schema, issue: z.core.$ZodIssue): string {
  let s = schema;
  while (s.def.innerType ?? s.def.in) s = (s.def.innerType ?? s.def.in)!;
  if (issue.code === 'custom') return issue.message;
  if (s.options) return `one of ${s.options.map((o) => (o === '' ? '(empty)' : o)).join(', ')}`;
  if (s.format === 'url') return 'a URL';
  if (typeof s.minValue === 'number') {
    return s.maxValue === null || s.maxValue === undefined || s.maxValue >= Number.MAX_SAFE_INTEGER
      ? `an integer of at least ${s.minValue}`
      : `an integer from ${s.minValue} to ${s.maxValue}`;
  }
  return 'a non-empty value';
}

function problemOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'too_big':
      return 'is too big';
    case 'too_small':
      return issue.origin === 'string' ? 'is empty' : 'is too small';
    case 'invalid_type':
      return issue.expected === 'number' ? 'is not a number' : 'has the wrong form';
    case 'invalid_value':
      return 'is not one of the allowed values';
    default:
      return 'has the wrong form';
  }
}

/** One line naming the variable, the value's problem and what is allowed (exit status 2 where it reaches the top). */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): TEnv {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    const raw = source[name] ?? '';
    const value = SECRET_BEARING.has(name) ? name : `${name}=${/^[\w.:/+-]+$/.test(raw) ? raw : JSON.stringify(raw)}`;
    const schema = ZEnv.shape[name as keyof typeof ZEnv.shape] as unknown as Schema;
    throw new StartupError(`invalid environment: ${value} ${problemOf(issue)} (allowed: ${allowedValues(schema, issue)})`, 2);
  }
  if (parsed.data.CLOCK === 'test' && parsed.data.NODE_ENV === 'production') {
    throw new StartupError('invalid environment: CLOCK=test is refused when NODE_ENV=production (allowed: CLOCK=system)', 2);
  }
  if (parsed.data.LIVE_PAYMENTS) {
    const missing = LIVE_PAYMENT_SETTINGS.filter((name) => parsed.data[name] === undefined);
    if (missing.length > 0) throw new StartupError(`invalid environment: LIVE_PAYMENTS=on needs ${missing.join(', ')} (the aggregator's settings)`, 2);
  }
  return parsed.data;
}
