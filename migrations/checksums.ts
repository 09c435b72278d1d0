// What each migration runs, reduced to a checksum, so that a landed migration can be held to what it did.
//
// The checksum covers the statements a migration's up() produces (the SQL it queues with addSql, and what it runs
// at once with execute, with their parameters), in the order MikroORM's runner sends them, and whether it runs in a
// transaction. It does not cover the file's bytes: a comment or the layout of the TypeScript may change, the SQL may
// not. It does cover the code a migration imports (0014 builds its SQL with operatorSql), since that code's output
// is part of the SQL.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { migrationsList } from './index.ts';

export const CHECKSUMS_FILE = new URL('./checksums.json', import.meta.url);

/** How an author records the checksum of a new migration. */
export const RECORD_COMMAND = 'npm run migrations:record';

export interface RenderedStatement {
  sql: string;
  params?: unknown[];
}

export interface RenderedMigration {
  transactional: boolean;
  statements: RenderedStatement[];
}

type MigrationClass = (typeof migrationsList)[number]['class'];

// Rows the stand-in database answers a migration's reads with. A migration that computes values in TypeScript
// from what it reads (0023 derives each request's canonical reference with the domain's function) writes those
// values into its statements, so sample rows make a change in that imported code change the checksum.
const SAMPLE_ROWS: Record<string, Record<string, unknown>[]> = {
  '0023-top-up-reference-keys': [
    { id: '00000000-0000-7000-8000-000000000001', reference: 'NMB-778899' },
    { id: '00000000-0000-7000-8000-000000000002', reference: 'nmb\u2011778 899' },
    { id: '00000000-0000-7000-8000-000000000003', reference: '\uff2e\uff2d\uff22\uff0d778899' },
    { id: '00000000-0000-7000-8000-000000000004', reference: 'ft24\u200b\u00ad0\u00a001\u2212x' },
    { id: '00000000-0000-7000-8000-000000000005', reference: 'Stra\u00dfe/4.2 \ufb01' },
    { id: '00000000-0000-7000-8000-000000000006', reference: '\ufdfa' },
  ],
};

/** Runs a migration's up() against a recording stand-in for MikroORM's driver: nothing reaches a database. */
export async function renderMigration(name: string, migrationClass: MigrationClass): Promise<RenderedMigration> {
  const executed: RenderedStatement[] = [];
  const driver = {
    async execute(sql: unknown, params?: unknown[]) {
      if (typeof sql !== 'string') throw new Error(`${name}: execute() was given something other than SQL text; pass a string`);
      executed.push(params === undefined ? { sql } : { sql, params });
      return /^\s*select\b/i.test(sql) ? (SAMPLE_ROWS[name] ?? []) : [];
    },
  };
  const migration = new migrationClass(driver as never, {} as never);
  await migration.up();
  const queued = migration.getQueries().map((sql): RenderedStatement => {
    if (typeof sql !== 'string') throw new Error(`${name}: addSql() was given something other than SQL text; pass a string`);
    return { sql };
  });
  // The runner sends what up() queued after up() returns, so statements run with execute() come first.
  return { transactional: migration.isTransactional(), statements: [...executed, ...queued] };
}

export function checksumOf(rendered: RenderedMigration): string {
  return createHash('sha256').update(JSON.stringify(rendered)).digest('hex');
}

/** The checksum of every migration in migrations/index.ts, in order. */
export async function currentChecksums(): Promise<Map<string, string>> {
  const checksums = new Map<string, string>();
  for (const { name, class: migrationClass } of migrationsList) {
    checksums.set(name, checksumOf(await renderMigration(name, migrationClass)));
  }
  return checksums;
}

export function readRecordedChecksums(): Record<string, string> {
  return JSON.parse(readFileSync(CHECKSUMS_FILE, 'utf8')) as Record<string, string>;
}

/** One migration a line, in name order, so that two new migrations are two new lines. */
export function writeRecordedChecksums(recorded: Record<string, string>): void {
  const lines = Object.keys(recorded)
    .sort()
    .map((name) => `  ${JSON.stringify(name)}: ${JSON.stringify(recorded[name])}`);
  writeFileSync(CHECKSUMS_FILE, `{\n${lines.join(',\n')}\n}\n`);
}
