// Every graphile-worker task of the service, by identifier (one task a file under workers/tasks/), and which of
// them the crontab queues.
import type { Task, TaskList } from 'graphile-worker';
import type { Deps } from '../core/app/context.ts';
import { tickTask } from './tasks/tick.ts';
import { processContactImportTask } from './tasks/process_contact_import.ts';
import { campaignProgressTask } from './tasks/campaign_progress.ts';
import { feedCampaignsTask } from './tasks/feed_campaigns.ts';
import { messageTimersTask } from './tasks/message_timers.ts';
import { earlyReceiptsTask } from './tasks/early_receipts.ts';
import { rollupFoldTask } from './tasks/rollup_fold.ts';
import { retentionPurgeTask } from './tasks/retention_purge.ts';
import { importRetentionTask } from './tasks/import_retention.ts';
import { webhookFanOutTask } from './tasks/webhook_fan_out.ts';

/** The tasks the crontab (workers/crontab) queues each minute. */
export const PERIODIC_TASKS = [
  'campaign_progress',
  'feed_campaigns',
  'message_timers',
  'early_receipts',
  'rollup_fold',
  'retention_purge',
  'import_retention',
  'webhook_fan_out',
] as const;

/** The periodic tasks that come back by themselves within moments while there is work. */
export const REPEATING_TASKS = ['campaign_progress', 'feed_campaigns'] as const satisfies readonly (typeof PERIODIC_TASKS)[number][];

export function taskList(deps: Deps): TaskList {
  const periodic: Record<(typeof PERIODIC_TASKS)[number], Task> = {
    campaign_progress: campaignProgressTask(deps),
    feed_campaigns: feedCampaignsTask(deps),
    message_timers: messageTimersTask(deps),
    early_receipts: earlyReceiptsTask(deps),
    rollup_fold: rollupFoldTask(deps),
    retention_purge: retentionPurgeTask(deps),
    import_retention: importRetentionTask(deps),
    webhook_fan_out: webhookFanOutTask(deps),
  };
  return {
    ...periodic,
    // Queued by the import's processing request, in its transaction.
    process_contact_import: processContactImportTask(deps),
    tick: tickTask(deps),
  };
}
