// The test clock's offset from real time, kept in platform_settings so that the CLI and the server agree.
import type { EntityManager } from '@mikro-orm/postgresql';

/** Milliseconds the test clock runs ahead of real time (0 when none is set). */
export async function readClockOffsetMs(em: EntityManager): Promise<number> {
  const rows = await em.execute<{ clock_offset_ms: string }[]>('select clock_offset_ms from platform_settings where id');
  return Number(rows[0]?.clock_offset_ms ?? 0);
}
