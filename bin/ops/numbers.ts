// `ops numbers ...` and `ops inbound ...`: the numbers and short codes organizations receive messages on, the
// messages to numbers nobody owns, and (in development) a message from a handset through the SMSC simulator.
import type { Command } from './args.ts';
import { check, CliError, integer, operator, optional, organizationId, positional, required } from './args.ts';
import { assignInboundNumber, listInboundNumbers, releaseInboundNumber, ZAssignNumberInput } from '../../core/app/inbound/inbound-numbers.ts';
import { listUnownedInbound, ZUnownedInput } from '../../core/app/inbound/unowned-inbound.ts';
import { simulateInbound, ZInboundSimulation } from '../../core/app/inbound/simulate-inbound.ts';

function optionalInteger(value: string | undefined, flag: string): number | undefined {
  return value === undefined ? undefined : Number(integer(flag, value));
}

export const numberCommands: Command[] = [
  {
    name: 'numbers assign',
    usage: 'numbers assign NUMBER --org ORG',
    positionals: ['NUMBER'],
    flags: { org: 'value' },
    prepare(args) {
      const input = check(ZAssignNumberInput, { organizationId: organizationId(required(args, 'org')), number: positional(args, 0) });
      return (ctx) => assignInboundNumber(ctx, operator, input);
    },
  },
  {
    name: 'numbers list',
    usage: 'numbers list [--org ORG]',
    flags: { org: 'value' },
    prepare(args) {
      const org = optional(args, 'org');
      const id = org === undefined ? null : organizationId(org);
      return (ctx) => listInboundNumbers(ctx, id);
    },
  },
  {
    name: 'numbers release',
    usage: 'numbers release NUMBER',
    positionals: ['NUMBER'],
    prepare(args) {
      const number = positional(args, 0);
      return (ctx) => releaseInboundNumber(ctx, operator, number);
    },
  },
  {
    name: 'inbound unowned',
    usage: 'inbound unowned [--limit N]',
    flags: { limit: 'value' },
    prepare(args) {
      const input = check(ZUnownedInput, { limit: optionalInteger(optional(args, 'limit'), 'limit') });
      return (ctx) => listUnownedInbound(ctx, input);
    },
  },
  {
    name: 'inbound simulate',
    usage: 'inbound simulate --from PHONE --to NUMBER --text TEXT [--parts N] [--concat udh|sar]',
    flags: { from: 'value', to: 'value', text: 'value', parts: 'value', concat: 'value' },
    prepare(args) {
      const concat = optional(args, 'concat');
      if (concat !== undefined && concat !== 'udh' && concat !== 'sar') throw new CliError('validation_failed', 'concat: must be udh or sar', 'concat');
      const input = check(ZInboundSimulation, {
        from: required(args, 'from'),
        to: required(args, 'to'),
        text: required(args, 'text'),
        parts: optionalInteger(optional(args, 'parts'), 'parts'),
        concat,
      });
      return (ctx) => simulateInbound(ctx, input);
    },
  },
];
