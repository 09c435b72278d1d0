// Idempotency records keep the use case's result (the JSON of its value), not REST's rendering of it (a status
// and the whole envelope): each adapter renders a replay in its own form, REST as its envelope and status,
// tRPC as its procedure's answer.
//
// A record written before this kept the answer `{"success":true,"data":<value>}`, made by JSON.stringify, so the
// value's JSON is that text between the envelope's head and its last brace, byte for byte: cutting it out, rather
// than reading the JSON and writing it again, keeps each replay within the 7 days identical to its first answer.
// The status is not kept: every keyed operation answers one status of its own (and one for a replay). A record
// whose answer is not in that form (none was ever written) is expired, so its key serves a new request.
import { Migration } from '@mikro-orm/migrations';

const HEAD = '{"success":true,"data":';

export class Migration0025IdempotencyResults extends Migration {
  override name = '0025-idempotency-results';

  override up(): void {
    this.addSql('alter table idempotency_records add column result text');
    this.addSql(
      `update idempotency_records
       set result = substr(response_body, ${HEAD.length + 1}, length(response_body) - ${HEAD.length + 1})
       where left(response_body, ${HEAD.length}) = '${HEAD}' and right(response_body, 1) = '}'`,
    );
    this.addSql('delete from idempotency_records where result is null and response_body is not null');
    this.addSql('alter table idempotency_records drop column status_code, drop column response_body');
  }
}
