// A list of messages bounded by creation time walks this index by (created_at, id): the range is read where it
// lies. Walked by id instead, a page of one day a month ago read every newer message first (about 0.5 s at two
// million messages), whatever the planner estimated.
import { Migration } from '@mikro-orm/migrations';

export class Migration0015MessagesByCreationTime extends Migration {
  override name = '0015-messages-by-creation-time';

  override up(): void {
    this.addSql('create index messages_created on messages (organization_id, created_at, id)');
  }
}
