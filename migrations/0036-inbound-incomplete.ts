// A long message whose missing parts never came is still stored, after a while, from the parts that did (the task
// inbound_parts): marked incomplete, its parts column counting the parts it holds.
import { Migration } from '@mikro-orm/migrations';

export class Migration0036InboundIncomplete extends Migration {
  override name = '0036-inbound-incomplete';

  override up(): void {
    this.addSql('alter table inbound_messages add column incomplete boolean not null default false');
  }
}
