// An organization's keywords (migration 0035): no row, or a null column, is the default.
import type { Runner } from '../sql.ts';
import { exec, one } from '../sql.ts';
import type { StoredKeywordSettings } from '../../domain/keywords.ts';

interface Row {
  opt_out_words: string[] | null;
  opt_in_words: string[] | null;
  opt_out_reply: string | null;
  opt_in_reply: string | null;
}

/** An array of words (capitals and digits only: no quoting needed) as PostgreSQL's literal, which the driver passes whole. */
const arrayLiteral = (words: readonly string[] | null) => (words === null ? null : `{${words.join(',')}}`);

export async function readKeywordSettings(db: Runner, organizationId: string): Promise<StoredKeywordSettings | null> {
  const row = await one<Row>(db, 'select opt_out_words, opt_in_words, opt_out_reply, opt_in_reply from keyword_settings where organization_id = ?', [organizationId]);
  return row ? { optOutWords: row.opt_out_words, optInWords: row.opt_in_words, optOutReply: row.opt_out_reply, optInReply: row.opt_in_reply } : null;
}

export async function writeKeywordSettings(db: Runner, organizationId: string, s: StoredKeywordSettings, now: Date): Promise<void> {
  await exec(
    db,
    `insert into keyword_settings (organization_id, opt_out_words, opt_in_words, opt_out_reply, opt_in_reply, updated_at)
     values (?, ?::text[], ?::text[], ?, ?, ?)
     on conflict (organization_id) do update set opt_out_words = excluded.opt_out_words, opt_in_words = excluded.opt_in_words,
       opt_out_reply = excluded.opt_out_reply, opt_in_reply = excluded.opt_in_reply, updated_at = excluded.updated_at`,
    [organizationId, arrayLiteral(s.optOutWords), arrayLiteral(s.optInWords), s.optOutReply, s.optInReply, now],
  );
}
