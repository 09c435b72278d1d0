// Provider ids belong to the SMSC account that gave them: a receipt is matched under the SMSC of the
// connection it came on, an id as the SMSC gave it is unique there, and early receipts keep their SMSC and
// the handset address they name, so a match can be checked against the message's number.
import { Migration } from '@mikro-orm/migrations';

export class Migration0010ReceiptsBySmsc extends Migration {
  override name = '0010-receipts-by-smsc';

  override up(): void {
    this.addSql(`alter table message_provider_ids add column smsc text collate "C" not null default ''`);
    // Only the id as the SMSC gave it is stored now (a receipt's id is looked up in all its forms): one message's.
    this.addSql('delete from message_provider_ids where converted');
    this.addSql('alter table message_provider_ids drop column converted');
    // Ids given twice before they were kept per SMSC (a simulator restarted): one row of each is kept.
    this.addSql(`delete from message_provider_ids a using message_provider_ids b
                 where a.smsc = b.smsc and a.provider_id = b.provider_id and a.ctid < b.ctid`);
    this.addSql('drop index message_provider_ids_id');
    this.addSql('create unique index message_provider_ids_given on message_provider_ids (smsc, provider_id)');
    this.addSql(`alter table early_receipts add column smsc text collate "C" not null default '', add column address text`);
    this.addSql('drop index early_receipts_provider');
    this.addSql('create index early_receipts_smsc_provider on early_receipts (smsc, provider_id)');
  }
}
