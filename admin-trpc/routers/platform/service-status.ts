// platform.status: the SMS route, live dispatch and the service time.
import { memberProcedure, asMember } from '../../trpc.ts';
import { access, serviceStatus as run } from '../../../core/app/platform/service-status.ts';

export const serviceStatus = memberProcedure.query(({ ctx }) => asMember(ctx.actor, access, () => run(ctx.ctx)));
