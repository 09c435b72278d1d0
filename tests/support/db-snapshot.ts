// What the database holds, table by table (row count and an md5 of the rows), to show that a request wrote nothing.
import type { TestEnv } from './app.ts';

export type Snapshot = Map<string, string>;

/**
 * Writes a refused request legitimately makes before its input is judged (credentials and their rate limit
 * come first: pipeline.ts); everything else must stay as it was.
 * - rate_buckets: every authenticated request takes a token of its organization's bucket, refused or not.
 * - api_keys.last_used_at: authenticating a key records its use (at most once a minute per key).
 * Not excluded: sign_in_failures and member_sign_in_addresses. Sign-in counts a failure only once its body
 * has passed validation, so a refused body must leave them alone.
 */
const SKIPPED_TABLES = new Set(['public.rate_buckets']);
const SKIPPED_COLUMNS: Record<string, string[]> = { 'public.api_keys': ['last_used_at'] };

// The job table itself: graphile-worker's other tables hold its own bookkeeping, not work a request queues.
const JOB_TABLE = 'graphile_worker._private_jobs';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function tablesOf(env: TestEnv): Promise<string[]> {
  const found = await env.sql<{ name: string }>(
    `select table_schema || '.' || table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and (table_schema = 'public' or table_schema || '.' || table_name = ?) order by 1`,
    [JOB_TABLE],
  );
  const names = found.map((t) => t.name);
  if (!names.includes(JOB_TABLE)) throw new Error(`${JOB_TABLE} is missing: graphile-worker's schema changed, look for its job table`);
  return names.filter((n) => !SKIPPED_TABLES.has(n));
}

const queries = new WeakMap<TestEnv, Promise<string>>();

function snapshotQuery(env: TestEnv): Promise<string> {
  const query = queries.get(env) ?? tablesOf(env).then((tables) =>
    tables
      .map((name) => {
        const [schema, table] = name.split('.') as [string, string];
        const dropped = (SKIPPED_COLUMNS[name] ?? []).map((c) => ` - '${c}'`).join('');
        const row = `(to_jsonb(t)${dropped})::text`;
        return `select '${name}' as name, count(*) || ' ' || md5(coalesce(string_agg(${row}, E'\\n' order by ${row}), '')) as state from ${quote(schema)}.${quote(table)} t`;
      })
      .join('\nunion all\n'),
  );
  queries.set(env, query);
  return query;
}

export async function snapshot(env: TestEnv): Promise<Snapshot> {
  const rows = await env.sql<{ name: string; state: string }>(await snapshotQuery(env));
  return new Map(rows.map((r) => [r.name, r.state]));
}

/** The tables whose rows differ, or an empty list. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((t) => before.get(t) !== after.get(t));
}
