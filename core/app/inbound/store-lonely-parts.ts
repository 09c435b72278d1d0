// Parts of long messages whose siblings never came (the handset's network lost them, or the SMSC never sent them):
// after LONELY_PARTS_AFTER_MS without a new part, the parts that came are stored as one message marked incomplete,
// rather than kept for ever or dropped. Run each minute by the task inbound_parts.
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { inboundText, type InboundEncoding } from '../../domain/inbound-text.ts';
import { deleteParts, lockParts, partsOf, staleParts, type PartsKey, type StoredPart } from '../../db/inbound/inbound-parts.ts';
import { storeInbound } from './store-inbound.ts';

/** As long as handsets and gateways wait for the rest of a long message (Kannel's default is 30 minutes as well). */
export const LONELY_PARTS_AFTER_MS = 30 * 60_000;
const BATCH = 100;

/**
 * The text of the parts that came: each run of consecutive parts is joined and decoded on its own, so that a
 * character split at a missing part does not garble its neighbours.
 */
function textOf(parts: StoredPart[]): { body: string; encoding: InboundEncoding } {
  const runs: StoredPart[][] = [];
  for (const part of parts) {
    const run = runs.at(-1);
    if (run && run.at(-1)!.seq === part.seq - 1) run.push(part);
    else runs.push([part]);
  }
  const texts = runs.map((run) => inboundText(Buffer.concat(run.map((p) => p.payload)), parts[0]!.data_coding));
  return { body: texts.map((t) => t.body).join(''), encoding: texts[0]!.encoding };
}

async function storeLonely(ctx: Ctx, key: PartsKey, cutoff: Date): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    await lockParts(tx.em, key);
    const parts = await partsOf(tx.em, key);
    // Completed meanwhile, or a part came since the search: not lonely after all.
    if (parts.length === 0 || parts.some((p) => p.received_at >= cutoff)) return false;
    const { body, encoding } = textOf(parts);
    const bind = parts.at(-1)!.bind;
    await storeInbound(tx, { from: key.fromAddr, to: key.toAddr, body, encoding, parts: parts.length, smsc: key.smsc, bind, smscMessageRef: null, incomplete: true });
    await deleteParts(tx.em, key);
    return true;
  });
}

/** Stores every message whose parts waited too long; the number stored. */
export async function storeLonelyParts(ctx: Ctx): Promise<number> {
  const cutoff = new Date(ctx.now.getTime() - LONELY_PARTS_AFTER_MS);
  let stored = 0;
  for (;;) {
    const keys = await staleParts(ctx.em, cutoff, BATCH);
    for (const key of keys) if (await storeLonely(ctx, key, cutoff)) stored += 1;
    if (keys.length < BATCH) return stored;
  }
}
