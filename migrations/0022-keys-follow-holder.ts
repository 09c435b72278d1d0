// Keys follow their holder. A key is held by a member (the one who made it, or to whom an owner or admin
// re-assigned it) and is revoked in the same transaction that removes that member or gives them a role that
// may not hold it. The creator stays as it was (created_by_member_id); the holder starts as the creator, which
// every existing key records exactly (null, an operator's key for nobody, stays null: held by the organization).
import { Migration } from '@mikro-orm/migrations';

export class Migration0022KeysFollowHolder extends Migration {
  override name = '0022-keys-follow-holder';

  override up(): void {
    this.addSql('alter table api_keys add column held_by_member_id uuid references members(id)');
    this.addSql('update api_keys set held_by_member_id = created_by_member_id');
    // A member change looks up the keys its member holds that are not revoked.
    this.addSql('create index api_keys_holder on api_keys (held_by_member_id) where revoked_at is null');
  }
}
