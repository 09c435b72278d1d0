// Every graphile-worker task of the service, by identifier (one task a file under workers/tasks/), and which of
// them the crontab queues.
import type { Task, TaskList } from 'graphile-worker';
import type { Deps } from '../core/app/context.ts';
import { tickTask } from './tasks/tick.ts';
import { processContactImportTask } from './tasks/process_contact_import.ts';
import { campaignProgressTask } from './tasks/campaign_progress.ts';
import { campaignTask } from './tasks/campaign.ts';
import { messageTimersTask } from './tasks/message_timers.ts';
import { earlyReceiptsTask } from './tasks/early_receipts.ts';
import { rollupFoldTask } from './tasks/rollup_fold.ts';
import { retentionPurgeTask } from './tasks/retention_purge.ts';
import { importRetentionTask } from './tasks/import_retention.ts';
import { webhookFanOutTask } from './tasks/webhook_fan_out.ts';
import { passwordResetTask } from './tasks/password_reset.ts';
import { topUpStatusTask } from './tasks/top_up_status.ts';
import { inboundPartsTask } from './tasks/inbound_parts.ts';
import { inboundSimulateTask } from './tasks/inbound_simulate.ts';
import type { SmscSimulator } from './providers/smsc-simulator.ts';

/** The tasks the crontab (workers/crontab) queues each minute. */
export const PERIODIC_TASKS = [
  'campaign_progress',
  'message_timers',
  'early_receipts',
  'rollup_fold',
  'retention_purge',
  'import_retention',
  'webhook_fan_out',
  'top_up_status',
  'inbound_parts',
] as const;

/**
 * `simulator`: the process's own SMSC simulator that a handset's message comes in on (`ops inbound simulate` goes
 * there), when it runs one.
 */
export function taskList(deps: Deps, simulator: (from: string) => Promise<SmscSimulator | null> = async () => null): TaskList {
  const periodic: Record<(typeof PERIODIC_TASKS)[number], Task> = {
    campaign_progress: campaignProgressTask(deps),
    message_timers: messageTimersTask(deps),
    early_receipts: earlyReceiptsTask(deps),
    rollup_fold: rollupFoldTask(deps),
    retention_purge: retentionPurgeTask(deps),
    import_retention: importRetentionTask(deps),
    webhook_fan_out: webhookFanOutTask(deps),
    top_up_status: topUpStatusTask(deps),
    inbound_parts: inboundPartsTask(deps),
  };
  return {
    ...periodic,
    // Queued by a campaign's launch, its cancel, its own previous job and campaign_progress.
    campaign: campaignTask(deps),
    // Queued by the import's processing request, in its transaction.
    process_contact_import: processContactImportTask(deps),
    // Queued by a password reset request, whatever its address.
    password_reset: passwordResetTask(deps),
    tick: tickTask(deps),
    // Queued by `ops inbound simulate`.
    inbound_simulate: inboundSimulateTask(simulator),
  };
}
