// Environment parsed once at boot (DESIGN.md section 2); nothing else reads process.env.
import { z } from 'zod';

const ZBoolFlag = z
  .enum(['on', 'off', 'true', 'false', '1', '0', ''])
  .transform((v) => v === 'on' || v === 'true' || v === '1');

export const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z.string().url().optional(),
  LIVE_DISPATCH: ZBoolFlag.default(false),
  SMPP_URL: z.string().optional(),
  SMPP_TPS: z.coerce.number().int().min(1).max(10_000).default(50),
  SMPP_WINDOW: z.coerce.number().int().min(1).max(1000).default(100),
  SMPP_SUBMIT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  SIM_DLR_DELAY_MS: z.coerce.number().int().min(0).default(200),
  QUOTE_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  READ_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  CLOCK: z.enum(['system', 'test']).default('system'),
  PUBLIC_URL: z.string().url().optional(),
});

export type TEnv = z.infer<typeof ZEnv>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): TEnv {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`invalid environment: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  if (parsed.data.CLOCK === 'test' && parsed.data.NODE_ENV === 'production') {
    throw new Error('invalid environment: CLOCK=test is refused when NODE_ENV=production');
  }
  return parsed.data;
}
