// What a launched campaign shows without counting its recipients again: how many the feeding reached and how many
// messages it made (fed_through is the feeder's cursor, which a cancel or an expiry moves to the end of the
// audience), and an index that sums a campaign's ledger entries without reading the organization's whole ledger.
import { Migration } from '@mikro-orm/migrations';

export class Migration0029CampaignFigures extends Migration {
  override name = '0029-campaign-figures';

  override up(): void {
    this.addSql(`alter table campaigns
      add column recipients_fed integer not null default 0 check (recipients_fed >= 0),
      add column messages_made integer not null default 0 check (messages_made >= 0)`);
    // Campaigns launched before: their recipients say how far the feeding really went.
    this.addSql(`update campaigns c set
        recipients_fed = f.fed, messages_made = f.made
      from (
        select r.organization_id, r.quote_id,
          count(*) filter (where r.status in ('queued', 'skipped_opted_out', 'skipped_no_consent'))::int as fed,
          count(*) filter (where r.status = 'queued')::int as made
        from campaign_recipients r group by 1, 2
      ) f
      where f.organization_id = c.organization_id and f.quote_id = c.launch_quote_id`);
    this.addSql(`create index ledger_entries_campaign on ledger_entries (organization_id, campaign_id) include (kind, amount)
      where campaign_id is not null`);
  }
}
