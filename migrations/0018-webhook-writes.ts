// Fewer writes a webhook delivery: the fan-out takes each event out of the outbox once, so no index needs to
// prove an (endpoint, event) pair unique; an attempt is keyed by its delivery and number, and written once, with
// its answer (a worker that stops before an answer leaves the attempt to the next claim, which records it).
import { Migration } from '@mikro-orm/migrations';

export class Migration0018WebhookWrites extends Migration {
  override name = '0018-webhook-writes';

  override up(): void {
    this.addSql('alter table webhook_deliveries drop constraint webhook_deliveries_endpoint_id_event_id_key');
    this.addSql('alter table webhook_attempts drop constraint webhook_attempts_pkey');
    this.addSql('alter table webhook_attempts drop column id');
    this.addSql('alter table webhook_attempts drop constraint webhook_attempts_delivery_id_number_key');
    this.addSql('alter table webhook_attempts add primary key (delivery_id, number)');
  }
}
