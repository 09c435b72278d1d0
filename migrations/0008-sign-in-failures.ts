// Failed sign-ins per email and per client address (the back-off of core/domain/sign-in-backoff.ts), and the
// addresses each member signed in from: a correct password from a known address is never kept waiting.
// Failures are unlogged: a crash only forgives them.
import { Migration } from '@mikro-orm/migrations';

export class Migration0008SignInFailures extends Migration {
  override name = '0008-sign-in-failures';

  override up(): void {
    this.addSql(`create unlogged table sign_in_failures (
      key text primary key,
      failures integer not null,
      last_failure_at timestamptz not null
    )`);
    this.addSql(`create table member_sign_in_addresses (
      member_id uuid not null,
      address text not null,
      last_seen_at timestamptz not null,
      primary key (member_id, address)
    )`);
  }
}
