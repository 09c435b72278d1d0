// Loads an organization or refuses with 404 not_found.
import type { Ctx } from '../context.ts';
import type { Organization } from '../../db/entities/organization.ts';
import { DomainError } from '../../domain/errors.ts';
import { defaultSendMode } from '../../domain/send-mode.ts';
import { UUID_RE } from '../../db/ids.ts';
import { findOrganization } from '../../db/organizations/organizations.ts';

export async function requireOrganization(ctx: Ctx, id: string, lock = false): Promise<Organization> {
  const found = UUID_RE.test(id) ? await findOrganization(ctx.em, id, lock) : null;
  if (!found) throw new DomainError('not_found', `No organization has the id ${id}.`, { field: 'organization' });
  return found;
}

export function organizationView(organization: Organization) {
  return {
    id: organization.id,
    name: organization.name,
    verified: organization.verified,
    // The mode the dashboard's send form starts in.
    default_send_mode: defaultSendMode(organization.verified),
    created_at: organization.createdAt.toISOString(),
    updated_at: organization.updatedAt.toISOString(),
  };
}
