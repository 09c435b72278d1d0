// Webhook events of a campaign's status (campaign.scheduled|sending|completed|cancelled), written with the change.
import type { OutboxEvent } from '../../db/messages/outbox.ts';
import type { CampaignRow } from '../../db/campaigns/rows.ts';

export function campaignEvent(row: Pick<CampaignRow, 'organization_id' | 'id' | 'name' | 'status'>): OutboxEvent {
  return { organizationId: row.organization_id, type: `campaign.${row.status}`, data: { id: row.id, name: row.name, status: row.status } };
}
