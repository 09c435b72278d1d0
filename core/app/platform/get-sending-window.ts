// GET /v1/sending-window: when promotional traffic may go out, in Africa/Dar_es_Salaam.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import { describeWindow } from '../../domain/sending-window.ts';
import { readSettings } from './settings.ts';

export const access: Access = { scopes: ['campaigns:read'], permission: 'campaigns.read' };

export async function getSendingWindow(ctx: Ctx) {
  const settings = await readSettings(ctx);
  const w = describeWindow(settings.window, ctx.now);
  return { sending_window: { ...w, next_opening: w.next_opening.toISOString() } };
}
