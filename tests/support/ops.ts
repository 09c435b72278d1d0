// The operator CLI run as a real child process against a test database: exactly one JSON object on stdout.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

export interface OpsRun {
  code: number | null;
  out: Record<string, any>;
}

/** Runs `ujumbe-ops ARGS` on the database at `url`; the outer CLOCK and DATA_DIR never leak in unless `env` sets them. */
export function runOps(url: string, args: string[], env: Record<string, string> = {}): Promise<OpsRun> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url, ...env };
  // The outer environment must not decide whether the clock may move.
  if (!('CLOCK' in env)) delete childEnv.CLOCK;
  delete childEnv.DATA_DIR;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/ujumbe-ops.ts', ...args], { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      // Exactly one JSON object and nothing else: scripts depend on it.
      const lines = stdout.trim().split('\n');
      if (lines.length !== 1) return reject(new Error(`ops ${args.join(' ')}: expected one line on stdout, got:\n${stdout}\nstderr:\n${stderr}`));
      try {
        resolve({ code, out: JSON.parse(lines[0] ?? '') });
      } catch {
        reject(new Error(`ops ${args.join(' ')}: stdout is not JSON:\n${stdout}\nstderr:\n${stderr}`));
      }
    });
  });
}

/** Runs the command and asserts that it succeeded; its JSON answer. */
export async function opsOk(url: string, args: string[], env: Record<string, string> = {}): Promise<Record<string, any>> {
  const run = await runOps(url, args, env);
  expect(run.out.error, JSON.stringify(run.out)).toBeUndefined();
  expect(run.code).toBe(0);
  return run.out;
}
