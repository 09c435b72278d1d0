// ServiceStatus, with the serviceStatus query: the SMS route, live dispatch and the service time.
import { builder } from '../builder.ts';
import { allowedBy } from '../auth-scopes.ts';
import { access, serviceStatus } from '../../core/app/platform/service-status.ts';

type Status = Awaited<ReturnType<typeof serviceStatus>>;

export const ServiceStatus = builder.objectRef<Status>('ServiceStatus').implement({
  fields: (t) => ({
    smsRoute: t.exposeString('sms_route'),
    liveDispatch: t.exposeBoolean('live_dispatch'),
    time: t.field({ type: 'DateTime', resolve: (s) => s.time }),
  }),
});

builder.queryField('serviceStatus', (t) =>
  t.field({ type: ServiceStatus, nullable: true, authScopes: allowedBy(access), resolve: (_root, _args, context) => serviceStatus(context.ctx) }),
);
