// The webhook sender claims endpoint by endpoint: each endpoint's due deliveries in order, and its leased ones
// (in flight) counted without reading its backlog. The index of every due delivery in time order served the
// old claim, which sorted every pending delivery of every endpoint on each round.
import { Migration } from '@mikro-orm/migrations';

export class Migration0013WebhookClaimByEndpoint extends Migration {
  override name = '0013-webhook-claim-by-endpoint';

  override up(): void {
    this.addSql(`create index webhook_deliveries_endpoint_due on webhook_deliveries (endpoint_id, next_attempt_at, event_id) where status = 'pending'`);
    this.addSql(`create index webhook_deliveries_leased on webhook_deliveries (endpoint_id) where status = 'pending' and lease_until is not null`);
    this.addSql('drop index if exists webhook_deliveries_due');
  }
}
