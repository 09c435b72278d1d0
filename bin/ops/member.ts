// `ops member add`: a dashboard member with a password and a role.
import type { Command } from './args.ts';
import { check, operator, organizationId, positional, required } from './args.ts';
import { createMember } from '../../core/app/members/create-member.ts';
import { ZCreateMemberBody } from '../../core/inputs/members.ts';

export const memberCommands: Command[] = [
  {
    name: 'member add',
    usage: 'member add ORG --email E --password P --role owner|admin|developer|marketer|analyst|billing',
    positionals: ['ORG'],
    flags: { email: 'value', password: 'value', role: 'value' },
    prepare(args) {
      const id = organizationId(positional(args, 0));
      const body = check(ZCreateMemberBody, {
        email: required(args, 'email'),
        password: required(args, 'password'),
        role: required(args, 'role'),
      });
      return (ctx) => createMember(ctx, operator, id, body);
    },
  },
];
