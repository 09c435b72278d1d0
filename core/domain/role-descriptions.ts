// What each role may do, in words, for the member form: derived from the table the server enforces (access.ts),
// so a role's list here is exactly what authorize() lets it do. A pure module the dashboard may import.
import { PERMISSIONS, ROLES, permissionsOf, type Permission, type Role } from './access.ts';

/** One line a permission, in the words of the dashboard's menus. */
export const PERMISSION_DESCRIPTIONS: Readonly<Record<Permission, string>> = {
  'messages.send': 'Send single messages',
  'messages.read': 'See messages, their delivery and their cost',
  'campaigns.read': 'See campaigns, their audiences and reports',
  'campaigns.write': 'Create, edit, quote and discard campaign drafts',
  'sender_ids.read': 'See the sender IDs and their approval',
  'wallet.read': 'See the wallet balance and its ledger',
  'webhooks.read': 'See webhook deliveries and their attempts',
  'campaigns.launch': 'Launch and cancel campaigns (spends money)',
  'contacts.read': 'See the address book: contacts with full numbers, groups, opt-outs and imports',
  'contacts.write': 'Add, change and remove contacts and groups',
  'opt_outs.write': 'Record and clear opt-outs',
  'imports.write': 'Import contacts from CSV files',
  'sender_ids.request': 'Request new sender IDs',
  'wallet.top_up': 'Tell the service about a payment (top-up request)',
  'wallet.manage': 'Set the low-balance alert',
  'webhooks.write': 'Add, change and remove webhook endpoints',
  'api_keys.manage': 'Create, rotate and revoke API keys',
  'members.manage': 'Invite, change and remove members',
  'audit.read': 'Read the audit log',
};

export const ROLE_DESCRIPTIONS: Readonly<Record<Role, string>> = {
  owner: 'Everything, including making and removing other owners',
  admin: 'Everything except making, changing or removing owners',
  developer: 'Sends messages and runs the integration: API keys, webhooks, sender IDs; reads the wallet',
  marketer: 'Runs the address book and campaigns, including launching them',
  analyst: 'Reads messages, campaigns, sender IDs, the wallet and webhook deliveries; never the address book',
  billing: 'Reads the wallet, reports payments and sets the low-balance alert',
};

export interface RoleDescription {
  role: Role;
  description: string;
  /** In the order of PERMISSIONS, each with its line. */
  permissions: { permission: Permission; description: string }[];
}

/** Every role with its permissions, as the server grants them. */
export function describeRoles(): RoleDescription[] {
  return ROLES.map((role) => {
    const granted = new Set(permissionsOf(role));
    return {
      role,
      description: ROLE_DESCRIPTIONS[role],
      permissions: PERMISSIONS.filter((p) => granted.has(p)).map((permission) => ({ permission, description: PERMISSION_DESCRIPTIONS[permission] })),
    };
  });
}
