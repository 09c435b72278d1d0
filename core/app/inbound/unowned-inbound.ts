// Operator: messages that came to numbers nobody owned (kept, never dropped), newest first.
import { z } from 'zod';
import type { Ctx } from '../context.ts';
import { listUnowned } from '../../db/inbound/inbound-numbers.ts';

export const ZUnownedInput = z.strictObject({ limit: z.coerce.number().int().min(1).max(500).default(50) });

export async function listUnownedInbound(ctx: Ctx, input: z.infer<typeof ZUnownedInput>) {
  const found = await listUnowned(ctx.em, input.limit);
  return {
    messages: found.map((m) => ({
      id: m.id,
      from: m.from_phone,
      to: m.to_number,
      body: m.body,
      encoding: m.encoding,
      parts: m.parts,
      incomplete: m.incomplete,
      smsc: m.smsc,
      bind: m.bind,
      received_at: m.received_at.toISOString(),
    })),
  };
}
