// `ops key create`: an API key of either mode, in any organization, optionally recorded as a member's.
import type { Command } from './args.ts';
import { check, list, operator, optional, organizationId, positional, required } from './args.ts';
import { createApiKey } from '../../core/app/api-keys/create-api-key.ts';
import { ZCreateApiKeyBody } from '../../core/inputs/api-keys.ts';
import { ZEmail } from '../../core/inputs/members.ts';
import { requireOrganization } from '../../core/app/organizations/find-organization.ts';
import { SCOPES } from '../../core/domain/access.ts';
import { DomainError } from '../../core/domain/errors.ts';
import { findMemberByEmail } from '../../core/db/members/members.ts';

export const keyCommands: Command[] = [
  {
    name: 'key create',
    usage: `key create ORG --mode test|live --scopes ${SCOPES.join(',')} [--name N] [--member E]`,
    positionals: ['ORG'],
    flags: { mode: 'value', scopes: 'value', name: 'value', member: 'value' },
    prepare(args) {
      const id = organizationId(positional(args, 0));
      const mode = required(args, 'mode');
      const body = check(ZCreateApiKeyBody, {
        // The API requires a name; an operator in a hurry gets one that says what the key is.
        name: optional(args, 'name') ?? `Operator ${mode} key`,
        mode,
        scopes: list(required(args, 'scopes')),
      });
      const memberFlag = optional(args, 'member');
      const email = memberFlag === undefined ? undefined : check(ZEmail, memberFlag, 'member');
      return async (ctx) => {
        if (email === undefined) return createApiKey(ctx, operator, id, body);
        // The organization is checked first so an unknown ORG is reported as such, not as an unknown member.
        await requireOrganization(ctx, id);
        const member = await findMemberByEmail(ctx.em, id, email);
        if (!member) throw new DomainError('not_found', `The organization has no member with the email ${email}.`, { field: 'member' });
        return createApiKey(ctx, operator, id, body, { createdBy: member.id });
      };
    },
  },
];
