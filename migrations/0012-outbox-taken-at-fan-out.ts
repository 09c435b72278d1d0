// The webhook sender takes events out of the outbox when it fans them out: every row left is pending, so the
// partial index of pending events only repeated the primary key (and cost an index entry an event).
import { Migration } from '@mikro-orm/migrations';

export class Migration0012OutboxTakenAtFanOut extends Migration {
  override name = '0012-outbox-taken-at-fan-out';

  override up(): void {
    this.addSql('drop index if exists outbox_events_pending');
  }
}
