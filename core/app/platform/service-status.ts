// GET /v1/service-status: the SMS route, whether live traffic reaches real operators, and the service's time.
import type { Access } from '../../domain/access.ts';
import { SCOPES } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import { readSettings } from './settings.ts';

/** Any authenticated caller: a key with any scope, or any member. */
export const access: Access = { scopes: SCOPES, permission: null };

export async function serviceStatus(ctx: Ctx) {
  const settings = await readSettings(ctx);
  return {
    sms_route: settings.smsRoute,
    // Real SMS leave only when the deployment allows it (LIVE_DISPATCH) and the operator has not paused it.
    live_dispatch: ctx.deps.config.liveDispatch && settings.liveDispatch,
    time: ctx.now.toISOString(),
  };
}
