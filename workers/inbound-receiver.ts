// Messages from handsets, from one provider (one SMSC bind) into the database: each part stored (a whole message,
// or a part of a long one with its siblings) before the provider acknowledges its deliver_sm.
import type { Deps } from '../core/app/context.ts';
import { newCtx } from '../core/app/context.ts';
import type { SmsProvider } from '../core/app/messages/provider.ts';
import { receiveInboundPart } from '../core/app/inbound/receive-inbound-part.ts';

/** Takes the provider's inbound messages until the returned function is called. */
export function listenInbound(deps: Deps, provider: SmsProvider, bindName: string | null): () => void {
  return provider.onInbound(async (part) => {
    try {
      await receiveInboundPart(await newCtx(deps), part, bindName);
    } catch (error) {
      // Rejected: the deliver_sm stays unacknowledged and the SMSC sends it again.
      process.stderr.write(`${JSON.stringify({ message: 'inbound message not stored, left for the SMSC to resend', smsc: part.smsc, error: String(error) })}\n`);
      throw error;
    }
  });
}
