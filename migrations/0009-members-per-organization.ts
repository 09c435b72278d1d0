// An email address is unique among one organization's members, not across organizations: adding a member
// whose address another organization uses succeeds like any other, so the answer never tells one tenant
// who works with another. Sign-in finds the memberships of the address through members_email.
import { Migration } from '@mikro-orm/migrations';

export class Migration0009MembersPerOrganization extends Migration {
  override name = '0009-members-per-organization';

  override up(): void {
    this.addSql('drop index members_email_live');
    this.addSql('create unique index members_organization_email_live on members (organization_id, email) where deleted_at is null');
    this.addSql('create index members_email on members (email) where deleted_at is null');
  }
}
