// Platform settings: the SMS route, the promotional sending window and the live-dispatch switch.
import { z } from 'zod';
import type { Ctx } from '../context.ts';
import type { SmsRoute } from '../../domain/segments.ts';
import { inTransaction } from '../context.ts';
import { unwrap } from '../../domain/errors.ts';
import { parseWindowTime, validateWindowSettings } from '../../domain/sending-window.ts';
import { readPlatformSettings, writeLiveDispatch, writeSendingWindow, writeSmsRoute } from '../../db/platform/settings.ts';
import { followWindow, retimeScheduledForWindow } from '../messages/window-holds.ts';

export interface PlatformSettings {
  smsRoute: SmsRoute;
  smsRouteChangedAt: Date | null;
  window: { opens: string; closes: string };
  liveDispatch: boolean;
}

export async function readSettings(ctx: Ctx): Promise<PlatformSettings> {
  const row = await readPlatformSettings(ctx.em);
  if (!row) throw new Error('platform_settings has no row: run the migrations');
  return {
    smsRoute: row.sms_route,
    smsRouteChangedAt: row.sms_route_changed_at,
    window: { opens: row.window_opens, closes: row.window_closes },
    liveDispatch: row.live_dispatch,
  };
}

export function settingsView(s: PlatformSettings) {
  return {
    sms_route: s.smsRoute,
    sms_route_changed_at: s.smsRouteChangedAt === null ? null : s.smsRouteChangedAt.toISOString(),
    sending_window: { opens: s.window.opens, closes: s.window.closes },
    live_dispatch: s.liveDispatch,
  };
}

export const ZSmsRoute = z.enum(['gsm0338', 'ascii']);

export async function setSmsRoute(ctx: Ctx, route: SmsRoute) {
  return inTransaction(ctx, async (tx) => {
    // Quotes made on the other route become stale: they compare their route with this one.
    await writeSmsRoute(tx.em, route, tx.now);
    return { settings: settingsView(await readSettings(tx)) };
  });
}

/** A window time as the domain reads it ('HH:MM', 00:00 to 23:59). */
export const ZWindowTime = z.string().refine((s) => parseWindowTime(s).ok, 'a time of day written HH:MM, from 00:00 to 23:59');

/** The new window re-times the messages held for the old one in the same transaction (window-holds.ts). */
export async function setSendingWindow(ctx: Ctx, opens: string, closes: string) {
  const window = unwrap(validateWindowSettings({ opens, closes }));
  return inTransaction(ctx, async (tx) => {
    await writeSendingWindow(tx.em, opens, closes, tx.now);
    const messages = await followWindow(tx.em, window, tx.now);
    const retimed = await retimeScheduledForWindow(tx.em, window, tx.now);
    return { settings: settingsView(await readSettings(tx)), messages_released: messages.released, messages_held: messages.held, messages_rescheduled: retimed };
  });
}

export async function setLiveDispatch(ctx: Ctx, on: boolean) {
  return inTransaction(ctx, async (tx) => {
    await writeLiveDispatch(tx.em, on, tx.now);
    return { settings: settingsView(await readSettings(tx)) };
  });
}
