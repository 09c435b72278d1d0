// platform.status: the SMS route, live dispatch and the service time, as GET /v1/service-status.
import { memberProcedure, asMember } from '../../trpc.ts';
import { access, serviceStatus as run } from '../../../core/app/platform/service-status.ts';
import { ZServiceStatus } from './outputs.ts';

export const serviceStatus = memberProcedure.output(ZServiceStatus).query(({ ctx }) => asMember(ctx.actor, access, () => run(ctx.ctx)));
