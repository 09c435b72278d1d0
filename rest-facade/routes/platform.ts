// Service status, the sending window and the audit log.
import { z } from 'zod';
import { ok, route } from '../route.ts';
import * as status from '../../core/app/platform/service-status.ts';
import * as window from '../../core/app/platform/get-sending-window.ts';
import * as audit from '../../core/app/audit/list-audit-events.ts';
import { REST_PATHS } from '../../core/transport/rest-paths.ts';
import { ZListAuditEventsQuery } from '../../core/inputs/audit.ts';

export const platformRoutes = [
  route({
    method: 'get',
    path: REST_PATHS.getServiceStatus,
    operationId: 'getServiceStatus',
    summary: 'SMS route, live dispatch and the service time',
    tag: 'platform',
    access: status.access,
    query: z.strictObject({}),
    handler: async ({ ctx }) => ok(await status.serviceStatus(ctx)),
  }),
  route({
    method: 'get',
    path: '/v1/sending-window',
    operationId: 'getSendingWindow',
    summary: 'The promotional sending window (Africa/Dar_es_Salaam)',
    tag: 'platform',
    access: window.access,
    query: z.strictObject({}),
    handler: async ({ ctx }) => ok(await window.getSendingWindow(ctx)),
  }),
  route({
    method: 'get',
    path: '/v1/audit-events',
    operationId: 'listAuditEvents',
    summary: 'Audit log of changes to keys, members, money and consent',
    tag: 'audit',
    access: audit.access,
    query: ZListAuditEventsQuery,
    handler: async ({ ctx, actor, query }) => ok(await audit.listAuditEvents(ctx, actor, query)),
  }),
];
