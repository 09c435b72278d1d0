// Messages from handsets, from one provider (one SMSC bind) into the database: each part stored (a whole message,
// or a part of a long one with its siblings) before the provider acknowledges its deliver_sm.
import type { Deps } from '../core/app/context.ts';
import { newCtx } from '../core/app/context.ts';
import type { SmsProvider } from '../core/app/messages/provider.ts';
import { receiveInboundPart } from '../core/app/inbound/receive-inbound-part.ts';
import { isDatabaseUnavailable } from '../core/db/unavailable.ts';

/** Pauses between tries while the database is away: it comes back within seconds, and a part waits in memory meanwhile. */
const RETRY_PAUSES_MS = [250, 500, 1000, 2000];

/** Takes the provider's inbound messages until the returned function is called. */
export function listenInbound(deps: Deps, provider: SmsProvider, bindName: string | null): () => void {
  let listening = true;
  const stop = provider.onInbound(async (part) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await receiveInboundPart(await newCtx(deps), part, bindName);
      } catch (error) {
        // The database away: the part is held, unanswered, and stored once it answers again (decision 0289); a
        // live link would otherwise keep it unanswered until the link ends, as no SMSC resends on an open link at once.
        if (listening && isDatabaseUnavailable(error)) {
          await new Promise((r) => setTimeout(r, RETRY_PAUSES_MS[Math.min(attempt, RETRY_PAUSES_MS.length - 1)]));
          continue;
        }
        // Rejected: the deliver_sm stays unacknowledged and the SMSC sends it again.
        process.stderr.write(`${JSON.stringify({ message: 'inbound message not stored, left for the SMSC to resend', smsc: part.smsc, error: String(error) })}\n`);
        throw error;
      }
    }
  });
  return () => {
    listening = false;
    stop();
  };
}
