// auth.setLanguage: the dashboard's language the signed-in member chooses, remembered for every device.
import { memberProcedure, asMember } from '../../trpc.ts';
import { access, setLanguage as run, ZSetLanguageBody } from '../../../core/app/auth/set-language.ts';
import { ZLanguageSet } from './outputs.ts';

export const setLanguage = memberProcedure
  .input(ZSetLanguageBody)
  .output(ZLanguageSet)
  .mutation(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input)));
