// History is append-only: a migration that landed runs exactly what it ran then, and none disappears.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHECKSUMS_FILE, RECORD_COMMAND, checksumOf, currentChecksums, readRecordedChecksums, renderMigration } from '../../migrations/checksums.ts';
import { migrationsList } from '../../migrations/index.ts';

const recorded = readRecordedChecksums();
const current = await currentChecksums();

describe('migrations', () => {
  it.each(migrationsList.map((m) => m.name))('%s runs what it ran when it landed', (name) => {
    if (recorded[name] === undefined) {
      expect.fail(
        `migration ${name} has no recorded checksum. Once it is final, run \`${RECORD_COMMAND}\` and commit ` +
          `migrations/checksums.json with it; from then on it may never change.`,
      );
    }
    if (current.get(name) !== recorded[name]) {
      expect.fail(
        `migration ${name} no longer runs the SQL it ran when it landed (checksum ${current.get(name)}, recorded ` +
          `${recorded[name]}). Databases already migrated ran the old statements, so undo the change and write a new ` +
          `migration that makes it. If the change came from code the migration imports, give the migration its own ` +
          `copy of the old code. Only comments and the layout of the TypeScript may change.`,
      );
    }
  });

  it('keeps every migration that landed', () => {
    const listed = new Set(migrationsList.map((m) => m.name));
    const gone = Object.keys(recorded).filter((name) => !listed.has(name));
    expect(gone, `recorded in ${CHECKSUMS_FILE.pathname} but no longer in migrations/index.ts; a landed migration is never deleted or renamed`).toEqual([]);
  });

  it('lists every migration file once, in order', () => {
    const files = readdirSync(new URL('../../migrations/', import.meta.url))
      .filter((file) => /^\d{4}-.+\.ts$/.test(file))
      .map((file) => file.slice(0, -'.ts'.length));
    const names = migrationsList.map((m) => m.name);
    expect(names, 'migrations/index.ts must list every migration file, in the order of their numbers').toEqual(files.sort());
  });

  it('changes the checksum when a statement changes by one character', async () => {
    const first = migrationsList[0]!;
    const rendered = await renderMigration(first.name, first.class);
    const edited = structuredClone(rendered);
    edited.statements[0]!.sql = `${edited.statements[0]!.sql} `;
    expect(checksumOf(edited)).not.toBe(checksumOf(rendered));
    expect(checksumOf(structuredClone(rendered))).toBe(checksumOf(rendered));
  });

  it('renders what 0014 takes from the domain', async () => {
    const rollups = migrationsList.find((m) => m.name === '0014-message-rollups')!;
    const rendered = await renderMigration(rollups.name, rollups.class);
    expect(rendered.statements[0]!.sql).toContain("when substr(phone, 5, 2) in ('74', '75', '76') then 'vodacom'");
  });

  it('renders what 0023 computes with the domain from the rows it reads', async () => {
    const references = migrationsList.find((m) => m.name === '0023-top-up-reference-keys')!;
    const rendered = await renderMigration(references.name, references.class);
    const backfill = rendered.statements.find((s) => s.sql.startsWith('update top_up_requests t set reference_key'));
    expect(backfill?.params?.[0]).toContain('"key":"NMB778899"');
  });
});
