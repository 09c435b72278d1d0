// The embedded PostgreSQL of `npm start`: durable, and, started by root from a checkout others cannot
// enter (root's home, mktemp -d), run by the postgres user from a place it can reach.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbedded } from '../../core/db/embedded.ts';
import { binariesFor, clusterUser, reachableBinaries } from '../../core/db/postgres-home.ts';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(mode: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ujumbe-embedded-'));
  fs.chmodSync(dir, mode);
  made.push(dir);
  return dir;
}

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

describe("the cluster of DATA_DIR (npm start's)", () => {
  it('runs with PostgreSQL durable defaults and keeps what was committed across a restart', async () => {
    const dataDir = path.join(tempDir(0o755), 'data');
    const first = await startEmbedded(dataDir);
    try {
      const settings = await query<{ name: string; setting: string }>(
        first.url,
        "select name, setting from pg_settings where name in ('fsync', 'synchronous_commit', 'full_page_writes') order by name",
      );
      expect(settings).toEqual([
        { name: 'fsync', setting: 'on' },
        { name: 'full_page_writes', setting: 'on' },
        { name: 'synchronous_commit', setting: 'on' },
      ]);
      await query(first.url, 'create table kept (n int); insert into kept values (42)');
    } finally {
      await first.stop();
    }
    const second = await startEmbedded(dataDir);
    try {
      expect(await query(second.url, 'select n from kept')).toEqual([{ n: 42 }]);
    } finally {
      await second.stop();
    }
  });
});

// Only root runs PostgreSQL as another user; CI runs as root.
describe.runIf(process.getuid?.() === 0)('started by root from a directory others cannot enter', () => {
  it('keeps the data where the postgres user can reach it, says where, and finds it again', async () => {
    const home = tempDir(0o755);
    const dataDir = path.join(tempDir(0o700), 'checkout', '.data');
    const notices: string[] = [];
    const first = await startEmbedded(dataDir, { home, notice: (m) => notices.push(m) });
    let directory = '';
    try {
      directory = (JSON.parse(fs.readFileSync(path.join(dataDir, 'postgres.json'), 'utf8')) as { directory: string }).directory;
      expect(directory.startsWith(path.join(home, 'clusters'))).toBe(true);
      expect(notices).toEqual([`the user "postgres" cannot enter ${dataDir}; the database lives in ${directory}`]);
      await query(first.url, 'create table kept (n int); insert into kept values (7)');
    } finally {
      await first.stop();
    }
    const second = await startEmbedded(dataDir, { home, notice: (m) => notices.push(m) });
    try {
      expect(await query(second.url, 'select n from kept')).toEqual([{ n: 7 }]);
      expect(notices).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });

  it('runs the binaries from a copy the postgres user can reach when the installed ones are out of its reach', async () => {
    const runAs = clusterUser();
    const installed = await binariesFor({});
    // The package's binaries as they would sit in a checkout under a mode-700 directory.
    const hidden = path.join(tempDir(0o700), 'native');
    fs.cpSync(path.dirname(path.dirname(installed.postgres)), hidden, { recursive: true, verbatimSymlinks: true });
    fs.copyFileSync(path.join(path.dirname(path.dirname(installed.postgres)), '..', 'package.json'), path.join(hidden, '..', 'package.json'));
    const out = { initdb: path.join(hidden, 'bin', 'initdb'), postgres: path.join(hidden, 'bin', 'postgres') };
    expect(spawnSync(out.postgres, ['--version'], { ...runAs }).status).not.toBe(0);

    const home = tempDir(0o755);
    const reachable = reachableBinaries(runAs, out, home);
    expect(path.dirname(path.dirname(reachable.postgres)).startsWith(home)).toBe(true);
    const version = spawnSync(reachable.postgres, ['--version'], { ...runAs, encoding: 'utf8' });
    expect(version.status).toBe(0);
    expect(version.stdout).toMatch(/^postgres \(PostgreSQL\) \d+/);
    expect(spawnSync(reachable.initdb, ['--version'], { ...runAs }).status).toBe(0);
    // A second start finds the copy.
    expect(reachableBinaries(runAs, out, home)).toEqual(reachable);
  });
});
