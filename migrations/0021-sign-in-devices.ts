// Devices members signed in with: the SHA-256 of the random token of each device's ujm_device cookie (the token
// itself is kept nowhere). A correct password from a known device is never kept waiting by failures of others.
// Failed sign-ins are now logged like the audit event a known email's failure writes with them: an unknown
// email's failure then waits for the same WAL flush at commit, so the answer's time does not tell them apart.
import { Migration } from '@mikro-orm/migrations';

export class Migration0021SignInDevices extends Migration {
  override name = '0021-sign-in-devices';

  override up(): void {
    this.addSql(`create table member_devices (
      member_id uuid not null,
      token_hash bytea not null,
      created_at timestamptz not null,
      last_seen_at timestamptz not null,
      primary key (member_id, token_hash)
    )`);
    this.addSql('alter table sign_in_failures set logged');
  }
}
