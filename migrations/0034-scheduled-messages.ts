// Scheduled single messages: a message sent with send_at keeps that time, so that the sending window's holds, the
// views and a cancel can tell it from a message due at once. No claim may come before it: the dispatcher claims by
// dispatch_after, which the constraint keeps at or after send_at whatever moves the message later. Campaign messages
// follow their campaign's schedule and never carry one.
import { Migration } from '@mikro-orm/migrations';

export class Migration0034ScheduledMessages extends Migration {
  override name = '0034-scheduled-messages';

  override up(): void {
    this.addSql('alter table messages add column send_at timestamptz');
    this.addSql(`alter table messages add constraint messages_send_at_check
                 check (send_at is null or (campaign_id is null and dispatch_after >= send_at))`);
  }
}
