// A search of messages by recipient, whole number or a few digits anywhere in it, served by a trigram index; and
// amounts written in shillings with two decimals from integer cents for the CSV exports, in SQL so that COPY can
// stream them (its twin is core/domain/money-text.ts, held to the same answers by a test).
import { Migration } from '@mikro-orm/migrations';

export class Migration0028RecipientSearchAndExports extends Migration {
  override name = '0028-recipient-search-and-exports';

  override up(): void {
    // Both are trusted extensions of PostgreSQL's contrib: a database owner may create them.
    this.addSql('create extension if not exists pg_trgm');
    this.addSql('create extension if not exists btree_gin');
    // The organization in the same index, so a search reads only its own organization's entries. GIN's pending list
    // keeps the cost of a message's insert low; to_phone never changes, so updates stay heap-only.
    this.addSql('create index messages_recipient on messages using gin (organization_id, to_phone gin_trgm_ops)');
    // Not strict, so the export's statement inlines it; integer arithmetic only, never a float.
    this.addSql(`create function cents_as_tzs(cents bigint) returns text
      language sql immutable parallel safe
      return case when cents < 0 then '-' else '' end || (abs(cents) / 100)::text || '.' || lpad((abs(cents) % 100)::text, 2, '0')`);
  }
}
