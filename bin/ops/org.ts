// `ops org ...`: creating organizations and setting their verification flag.
import type { Command } from './args.ts';
import { check, operator, organizationId, positional, required, switchOn } from './args.ts';
import {
  ZCreateOrganizationInput,
  createOrganization,
  setOrganizationVerified,
} from '../../core/app/organizations/create-organization.ts';

function verification(name: string, verified: boolean): Command {
  return {
    name,
    usage: `${name} ORG`,
    positionals: ['ORG'],
    prepare(args) {
      const id = organizationId(positional(args, 0));
      return (ctx) => setOrganizationVerified(ctx, operator, id, verified);
    },
  };
}

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
  verification('org verify', true),
  verification('org unverify', false),
];
