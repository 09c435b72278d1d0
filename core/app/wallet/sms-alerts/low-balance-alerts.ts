// The low-balance alert by SMS: each wallet.low_balance event taken out of the outbox texts the members of its
// organization who get the alert, in the fan-out's own transaction, so a fan-out run again never texts twice and
// one rolled back texts nobody. The event is written once a fall (core/db/wallet/wallet-resource.ts), so the SMS is.
import type { Deps } from '../../context.ts';
import type { OpenTransaction } from '../../system-sms/send-system-sms.ts';
import { lowBalanceAlertText } from '../../../domain/sms-alerts.ts';
import { alertRecipients } from '../../../db/sms-alerts/recipients.ts';
import { textAlert } from './text-alert.ts';

export const LOW_BALANCE_EVENT = 'wallet.low_balance';

/** A wallet.low_balance event as the outbox holds it: its data is the wallet after the fall, amounts in cents. */
export interface LowBalanceOutboxEvent {
  organization_id: string;
  payload: { data: Record<string, unknown> };
}

/** Queues the alerts of these events; returns how many SMS were queued. */
export async function queueLowBalanceAlerts(deps: Deps, tx: OpenTransaction, events: readonly LowBalanceOutboxEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const recipients = await alertRecipients(tx.db, [...new Set(events.map((e) => e.organization_id))]);
  let queued = 0;
  for (const event of events) {
    const { available, low_balance_threshold: threshold } = event.payload.data;
    if (typeof available !== 'number' || typeof threshold !== 'number') continue;
    const members = recipients.filter((r) => r.organization_id === event.organization_id);
    queued += await textAlert(tx, 'low_balance', members, (r) =>
      lowBalanceAlertText({
        language: r.language,
        organizationName: r.organization_name,
        available: BigInt(available),
        threshold: BigInt(threshold),
        paybillNumber: deps.config.payments.paybillNumber,
        paymentReference: r.payment_reference,
      }),
    );
  }
  return queued;
}
