// `ops org ...`: creating organizations and setting their verification flag.
import type { Command } from './args.ts';
import { check, operator, orgCommand, required, switchOn } from './args.ts';
import {
  ZCreateOrganizationInput,
  createOrganization,
  setOrganizationVerified,
} from '../../core/app/organizations/create-organization.ts';


export const orgCommands: Command[] = [
  {
    name: 'org create',
    usage: 'org create --name N [--verified]',
    flags: { name: 'value', verified: 'switch' },
    prepare(args) {
      const input = check(ZCreateOrganizationInput, { name: required(args, 'name'), verified: switchOn(args, 'verified') });
      return (ctx) => createOrganization(ctx, operator, input);
    },
  },
  orgCommand('org verify', (ctx, id) => setOrganizationVerified(ctx, operator, id, true)),
  orgCommand('org unverify', (ctx, id) => setOrganizationVerified(ctx, operator, id, false)),
];
