// `ops sender ...`: sender IDs approved by the service, and the provider's route approval.
import type { Command } from './args.ts';
import { check, list, operator, optional, organizationId, positional, required, switchOn } from './args.ts';
import { ZAddSenderIdInput, addSenderId, approveSenderRoute } from '../../core/app/sender-ids/add-sender-id.ts';
import { ZSenderName } from '../../core/inputs/sender-ids.ts';

export const senderCommands: Command[] = [
  {
    name: 'sender add',
    usage: 'sender add ORG --name S [--classes transactional,promotional] [--route-approved]',
    positionals: ['ORG'],
    flags: { name: 'value', classes: 'value', 'route-approved': 'switch' },
    prepare(args) {
      const classes = optional(args, 'classes');
      const input = check(ZAddSenderIdInput, {
        organizationId: organizationId(positional(args, 0)),
        name: required(args, 'name'),
        classes: classes === undefined ? undefined : list(classes),
        routeApproved: switchOn(args, 'route-approved'),
      });
      return (ctx) => addSenderId(ctx, operator, input);
    },
  },
  {
    name: 'sender route-approve',
    usage: 'sender route-approve ORG --name S',
    positionals: ['ORG'],
    flags: { name: 'value' },
    prepare(args) {
      const id = organizationId(positional(args, 0));
      const name = check(ZSenderName, required(args, 'name'), 'name');
      return (ctx) => approveSenderRoute(ctx, operator, id, name);
    },
  },
];
