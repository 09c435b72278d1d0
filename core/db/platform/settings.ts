// The platform settings row (one, its id true): the SMS route, the promotional sending window, the live-dispatch
// switch and the test clock's offset.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SmsRoute } from '../../domain/segments.ts';
import { exec, one, type Runner } from '../sql.ts';

export interface SettingsRow {
  sms_route: SmsRoute;
  sms_route_changed_at: Date | null;
  window_opens: string;
  window_closes: string;
  live_dispatch: boolean;
}

export function readPlatformSettings(db: Runner): Promise<SettingsRow | undefined> {
  return one<SettingsRow>(db, 'select * from platform_settings where id');
}

/** The route, and when it last changed: quotes made on another route compare their route with this one. */
export async function writeSmsRoute(em: EntityManager, route: SmsRoute, at: Date): Promise<void> {
  await exec(
    em,
    `update platform_settings set sms_route = ?, updated_at = ?,
       sms_route_changed_at = case when sms_route <> ? then ? else sms_route_changed_at end where id`,
    [route, at, route, at],
  );
}

export async function writeSendingWindow(em: EntityManager, opens: string, closes: string, at: Date): Promise<void> {
  await exec(em, 'update platform_settings set window_opens = ?, window_closes = ?, updated_at = ? where id', [opens, closes, at]);
}

export async function writeLiveDispatch(em: EntityManager, on: boolean, at: Date): Promise<void> {
  await exec(em, 'update platform_settings set live_dispatch = ?, updated_at = ? where id', [on, at]);
}

/** The test clock's offset from real time, in ms (a bigint; offsets stay far inside a double's integers). */
export async function readClockOffset(em: EntityManager): Promise<number> {
  const row = await one<{ clock_offset_ms: string }>(em, 'select clock_offset_ms from platform_settings where id');
  return Number(row?.clock_offset_ms ?? 0);
}

export async function writeClockOffset(em: EntityManager, ms: number): Promise<void> {
  await exec(em, 'update platform_settings set clock_offset_ms = ? where id', [ms]);
}

/** Adds in one statement, so advances made at the same moment add up; the offset after. */
export async function addToClockOffset(em: EntityManager, ms: number): Promise<number> {
  const row = await one<{ clock_offset_ms: string }>(em, 'update platform_settings set clock_offset_ms = clock_offset_ms + ? where id returning clock_offset_ms', [ms]);
  return Number(row?.clock_offset_ms ?? 0);
}
