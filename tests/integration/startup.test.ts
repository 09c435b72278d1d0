// Starting the service wrongly, as a newcomer might: every failure is one line on stderr that says what is
// wrong and what to do, with a non-zero exit status (2 for a bad setting), never a stack trace.
import { spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../support/db.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(script: string, env: Record<string, string>, args: string[] = []): Promise<Exit> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', ...env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'CLOCK', 'PORT']) if (!(name in env)) delete childEnv[name];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function expectOneLine(exit: Exit, code: number, line: RegExp) {
  expect(exit.code, exit.stderr).toBe(code);
  expect(exit.stderr).toMatch(/^ujumbe: [^\n]+\n$/);
  expect(exit.stderr).toMatch(line);
  expect(exit.stderr).not.toMatch(/\n\s+at /);
}

describe('an invalid environment value', () => {
  it.each([
    ['bin/start.ts', { SMPP_TPS: '100000' }, /^ujumbe: invalid environment: SMPP_TPS=100000 is too big \(allowed: an integer from 1 to 10000\)\n$/],
    ['bin/start-api.ts', { PORT: 'eighty' }, /PORT=eighty is not a number \(allowed: an integer from 0 to 65535\)/],
    ['bin/start-worker.ts', { CLOCK: 'fast' }, /CLOCK=fast is not one of the allowed values \(allowed: one of system, test\)/],
    ['bin/migrate.ts', { LIVE_DISPATCH: 'yes' }, /LIVE_DISPATCH=yes is not one of the allowed values \(allowed: one of .*on, off/],
    ['bin/start.ts', { CLOCK: 'test', NODE_ENV: 'production' }, /CLOCK=test is refused when NODE_ENV=production/],
  ])('%s with %j: one line naming the variable, the problem and the allowed range; exit 2', async (script, env, line) => {
    const exit = await run(script, env);
    expectOneLine(exit, 2, line);
    expect(exit.stdout).toBe('');
  });

  it('a URL that may hold a password is named, never repeated', async () => {
    for (const [name, value] of [['DATABASE_URL', 'mysql://app:hunter2@db/app'], ['SMPP_URL', 'http://esme:hunter2@smsc:2775']] as const) {
      const exit = await run('bin/start.ts', { [name]: value });
      expectOneLine(exit, 2, new RegExp(`invalid environment: ${name} has the wrong form \\(allowed: \\w+://`));
      expect(exit.stderr).not.toContain('hunter2');
    }
  });

  it('the operator CLI answers it as its JSON error, exit 2', async () => {
    const exit = await run('bin/ujumbe-ops.ts', { SMPP_WINDOW: '0' }, ['tick']);
    expect(exit.code).toBe(2);
    expect(JSON.parse(exit.stdout)).toEqual({
      error: { code: 'invalid_request', message: 'invalid environment: SMPP_WINDOW=0 is too small (allowed: an integer from 1 to 1000)' },
    });
  });
});

describe('what cannot work', () => {
  it('a port in use: one line naming it, exit 1', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, resolve));
    const port = (holder.address() as net.AddressInfo).port;
    try {
      const exit = await run('bin/start.ts', { DATABASE_URL: await testDatabaseUrl(), PORT: String(port) });
      expectOneLine(exit, 1, new RegExp(`port ${port} is in use: stop what listens there, or set PORT`));
    } finally {
      holder.close();
    }
  });

  it('a DATA_DIR that cannot be a directory: one line, exit 1', async () => {
    const exit = await run('bin/start.ts', { DATA_DIR: `${fileURLToPath(import.meta.url)}/data` });
    expectOneLine(exit, 1, /^ujumbe: could not start: ENOTDIR: not a directory/);
  });
});
