// Builds the dashboard (dashboard/src → dashboard/dist) with Vite; `--if-stale` skips the build when nothing changed.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DASHBOARD = path.join(ROOT, 'dashboard');
export const DIST = path.join(DASHBOARD, 'dist');
const STAMP = path.join(DIST, '.build-stamp');

/** What the bundle is made of: its sources, page, config, and the installed dependencies (through the lock file). */
const INPUTS = ['dashboard/src', 'core/domain', 'core/inputs', 'dashboard/index.html', 'dashboard/vite.config.ts', 'package-lock.json', 'bin/build-dashboard.ts'];

function filesUnder(relative: string): string[] {
  const full = path.join(ROOT, relative);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [relative];
  return fs.readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

/**
 * Each input's path, size and modification time: a change, an addition or a deletion changes it. Only metadata
 * is read, so the check before every start costs a few stat calls.
 */
export function sourceFingerprint(): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(filesUnder).sort()) {
    const stat = fs.statSync(path.join(ROOT, file));
    hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

export function isDashboardStale(): boolean {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) return true;
  try {
    return fs.readFileSync(STAMP, 'utf8').trim() !== sourceFingerprint();
  } catch {
    return true;
  }
}

/**
 * Builds into a fresh directory and swaps it in, so a server that is running meanwhile never serves half a build,
 * and two builds started together each finish with a whole one.
 */
export async function buildDashboard(): Promise<void> {
  const fingerprint = sourceFingerprint();
  const staging = path.join(DASHBOARD, `.dist-${process.pid}-${Date.now()}`);
  // Vite is loaded only when a build is due, keeping a start with an up-to-date bundle quick.
  const { build } = await import('vite');
  // React, its JSX transform and Vite choose their production forms by NODE_ENV, which the tests set to "test".
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: path.join(DASHBOARD, 'vite.config.ts'), mode: 'production', logLevel: 'warn', build: { outDir: staging, emptyOutDir: true } });
    fs.writeFileSync(path.join(staging, '.build-stamp'), `${fingerprint}\n`);
    const old = `${DIST}.old-${process.pid}`;
    if (fs.existsSync(DIST)) fs.renameSync(DIST, old);
    fs.renameSync(staging, DIST);
    fs.rmSync(old, { recursive: true, force: true });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Builds when the bundle is missing or older than its sources; true when it built. */
export async function ensureDashboardBuilt(): Promise<boolean> {
  if (!isDashboardStale()) return false;
  await buildDashboard();
  return true;
}

/** An install without dev dependencies (npm ci --omit=dev) has no Vite: it serves the bundle built before, if any. */
function isViteMissing(err: unknown): boolean {
  const e = err as NodeJS.ErrnoException;
  return e?.code === 'ERR_MODULE_NOT_FOUND' && /'vite'/.test(e.message);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const ifStale = process.argv.includes('--if-stale');
  const started = performance.now();
  try {
    const built = ifStale ? await ensureDashboardBuilt() : (await buildDashboard(), true);
    if (built) process.stdout.write(`dashboard built in ${Math.round(performance.now() - started)} ms\n`);
  } catch (err) {
    if (ifStale && isViteMissing(err)) {
      process.stderr.write('ujumbe: the dashboard was not rebuilt: Vite is a dev dependency; run `npm run build:dashboard` where dev dependencies are installed\n');
      process.exit(0);
    }
    process.stderr.write(`ujumbe: the dashboard could not be built: ${(err as Error).message}\n`);
    process.exit(1);
  }
}
