// The export's cell rules in SQL, so the recipients export can stream through COPY: formula escaping and number masking.
import { Migration } from '@mikro-orm/migrations';

/**
 * The characters core/domain/csv-cell.ts skips before judging a cell (Unicode Z, Cc and Cf as
 * Node 24 knows them, NUL left out: text never holds it), as PostgreSQL regex escapes. A test
 * compares every code point against the TypeScript rule, so a change on either side is seen.
 */
const SKIPPED =
  '\\u0001-\\u0020\\u007f-\\u00a0\\u00ad\\u0600-\\u0605\\u061c\\u06dd\\u070f\\u0890-\\u0891\\u08e2\\u1680\\u180e' +
  '\\u2000-\\u200f\\u2028-\\u202f\\u205f-\\u2064\\u2066-\\u206f\\u3000\\ufeff\\ufff9-\\ufffb\\U000110bd\\U000110cd' +
  '\\U00013430-\\U0001343f\\U0001bca0-\\U0001bca3\\U0001d173-\\U0001d17a\\U000e0001\\U000e0020-\\U000e007f';

/**
 * Tab, CR and LF (escaped wherever they sit in the skipped run, which holds them too) and the
 * triggers = + - @ | with the full-width ＝ ＋ － ＠. The longest skipped run is followed by a
 * character outside it, and no trigger is inside it, so one anchored pattern says it all.
 */
const TRIGGERS = '\\t\\r\\n=+@|\\uff1d\\uff0b\\uff0d\\uff20-';

const statements = [
  // Not STRICT, so PostgreSQL inlines it into the export's query (null stays null through the case).
  `create function csv_escape(cell text) returns text
     language sql immutable parallel safe
     return case when cell ~ '^[${SKIPPED}]*[${TRIGGERS}]' then '''' || cell else cell end`,
  // core/domain/phone.ts maskPhone: the leading part, four asterisks, the last two digits, length kept.
  `create function mask_phone(phone text) returns text
     language sql immutable parallel safe
     return case when length(phone) <= 6 then '****' || right(phone, 2) else left(phone, -6) || '****' || right(phone, 2) end`,
];

export class Migration0005CsvEscape extends Migration {
  override name = '0005-csv-escape';

  override up(): void {
    for (const sql of statements) this.addSql(sql);
  }
}
