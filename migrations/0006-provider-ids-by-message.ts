// Receipts count a message's parts by its id: without this index each batch of receipts read every provider id.
import { Migration } from '@mikro-orm/migrations';

export class Migration0006ProviderIdsByMessage extends Migration {
  override name = '0006-provider-ids-by-message';

  override up(): void {
    this.addSql('create index message_provider_ids_message on message_provider_ids (message_id)');
  }
}
