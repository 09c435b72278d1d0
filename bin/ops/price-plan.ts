// `ops price-plan set`: a new version of an organization's cents-per-segment rates.
import type { Command } from './args.ts';
import { check, integer, operator, organizationId, positional, required } from './args.ts';
import { ZSetPricePlanInput, setPricePlan } from '../../core/app/price-plans/price-plan.ts';

export const pricePlanCommands: Command[] = [
  {
    name: 'price-plan set',
    usage: 'price-plan set ORG --transactional CENTS --promotional CENTS',
    positionals: ['ORG'],
    flags: { transactional: 'value', promotional: 'value' },
    prepare(args) {
      const input = check(ZSetPricePlanInput, {
        organizationId: organizationId(positional(args, 0)),
        transactional: integer('transactional', required(args, 'transactional')),
        promotional: integer('promotional', required(args, 'promotional')),
      });
      return (ctx) => setPricePlan(ctx, operator, input);
    },
  },
];
