// messages.today: the overview's counts by status of today's messages (the day in Africa/Dar_es_Salaam).
import { memberProcedure, asMember } from '../../trpc.ts';
import { access, todayCounts as run } from '../../../core/app/messages/today-counts.ts';
import { ZTodayCounts } from './outputs.ts';
import { ZTodayCountsInput } from '../../../core/inputs/messages.ts';

export const todayMessages = memberProcedure
  .input(ZTodayCountsInput.prefault({}))
  .output(ZTodayCounts)
  .query(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input)));
