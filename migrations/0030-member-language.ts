// The language each member reads the dashboard in, remembered across devices; none until they choose one, and
// until then the dashboard speaks the browser's language.
import { Migration } from '@mikro-orm/migrations';

export class Migration0030MemberLanguage extends Migration {
  override name = '0030-member-language';

  override up(): void {
    this.addSql(`alter table members add column language text check (language in ('en', 'sw'))`);
  }
}
