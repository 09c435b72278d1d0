// ServiceStatus, with the serviceStatus query: the SMS route, live dispatch and the service time.
import { builder } from '../builder.ts';
import { allowedBy, whoMayRead } from '../auth-scopes.ts';
import { access, serviceStatus } from '../../core/app/platform/service-status.ts';

type Status = Awaited<ReturnType<typeof serviceStatus>>;

export const ServiceStatus = builder.objectRef<Status>('ServiceStatus').implement({
  description: 'How the service sends right now.',
  fields: (t) => ({
    smsRoute: t.exposeString('sms_route', {
      description: 'gsm0338 (any text, as GSM-7 or UCS-2) or ascii (printable ASCII only, one character counting one): it decides what a text may hold and how it is split.',
    }),
    liveDispatch: t.exposeBoolean('live_dispatch', { description: 'Live messages reach real operators; false: they go to a simulator and no real SMS leaves.' }),
    time: t.field({ type: 'DateTime', description: 'The service’s clock (UTC), which every rule of time follows.', resolve: (s) => s.time }),
  }),
});

builder.queryField('serviceStatus', (t) =>
  t.field({
    type: ServiceStatus,
    nullable: true,
    description: `The SMS route, whether live messages reach real operators, and the service’s time. ${whoMayRead(access)}`,
    authScopes: allowedBy(access),
    resolve: (_root, _args, context) => serviceStatus(context.ctx),
  }),
);
