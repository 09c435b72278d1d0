// Keywords of inbound messages: an opt-out recorded or cleared by a message's keyword is of the source sms_keyword
// (in opt_outs and in the consent history), and each organization may set its own opt-out and opt-in words and the
// confirmation each answers with. No row, or a null column, means the defaults (core/domain/keywords.ts); an
// empty confirmation text means none is sent.
import { Migration } from '@mikro-orm/migrations';

const WORDS = `array_length(%s, 1) is null or (array_length(%s, 1) <= 20 and array_to_string(%s, ',') ~ '^[A-Z0-9]{2,20}(,[A-Z0-9]{2,20})*$')`;
const words = (column: string) => WORDS.replaceAll('%s', column);

export class Migration0035Keywords extends Migration {
  override name = '0035-keywords';

  override up(): void {
    this.addSql('alter table opt_outs drop constraint opt_outs_source_check');
    this.addSql(`alter table opt_outs add constraint opt_outs_source_check check (source in ('manual', 'sms_keyword'))`);
    this.addSql('alter table consent_records drop constraint consent_records_source_check');
    this.addSql(`alter table consent_records add constraint consent_records_source_check
                 check (source in ('manual', 'import', 'contact_deleted', 'sms_keyword'))`);

    this.addSql(`create table keyword_settings (
      organization_id uuid primary key references organizations(id),
      opt_out_words text[] check (opt_out_words is null or (cardinality(opt_out_words) >= 1 and (${words('opt_out_words')}))),
      opt_in_words text[] check (opt_in_words is null or (${words('opt_in_words')})),
      opt_out_reply text check (length(opt_out_reply) <= 320),
      opt_in_reply text check (length(opt_in_reply) <= 320),
      updated_at timestamptz not null,
      check (opt_out_words is null or opt_in_words is null or not (opt_out_words && opt_in_words))
    )`);
  }
}
