// Starts the service as `npm start` does, in a child process on a fresh DATA_DIR, for benchmarks that watch it.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../core/db/embedded.ts';

export interface ServerProcess {
  base: string;
  /** The service's DATA_DIR (its embedded PostgreSQL answers there while it runs). */
  dataDir: string;
  member: { email: string; password: string };
  testKey: string;
  liveKey: string;
  organizationId: string;
  rssMiB(): number;
  stop(): Promise<void>;
}

/** `prepare` runs on the fresh DATA_DIR before the service first starts there (binds it reads at its start, say). */
export async function startServerProcess(env: Record<string, string> = {}, prepare?: (dataDir: string) => Promise<void>): Promise<ServerProcess> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ujumbe-bench-'));
  fs.chmodSync(dir, 0o755);
  await prepare?.(dir);
  const port = await freePort();
  // The same node flags as `npm start`, with this process's node binary.
  const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
  const args = pkg.scripts.start.split(/\s+/).slice(1);
  // BENCH_NODE_ARGS adds node flags for a diagnosis (e.g. --trace-gc), printed with BENCH_SERVER_STDERR.
  if (process.env.BENCH_NODE_ARGS) args.unshift(...process.env.BENCH_NODE_ARGS.split(' '));
  const child: ChildProcess = spawn(process.execPath, args, {
    env: { ...process.env, PORT: String(port), DATA_DIR: dir, NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
    if (process.env.BENCH_SERVER_STDERR) process.stderr.write(d);
  });
  child.stderr!.on('data', (d) => { if (process.env.BENCH_SERVER_STDERR) process.stderr.write(d); });
  const started = Date.now();
  while (!/live key\s+\S+/.test(out)) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${out}`);
    if (Date.now() - started > 60_000) throw new Error('the server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  const field = (label: string) => new RegExp(`${label}\\s+(\\S+)`).exec(out)?.[1] ?? '';
  return {
    base: `http://127.0.0.1:${port}`,
    dataDir: dir,
    member: { email: field('member'), password: field('password') },
    testKey: field('test key'),
    liveKey: field('live key'),
    organizationId: /\(([0-9a-f-]{36})\)/.exec(out)?.[1] ?? '',
    rssMiB() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Signs in over HTTP and returns headers carrying the session cookie and the CSRF token. */
export async function sessionHeaders(base: string, member: { email: string; password: string }): Promise<Record<string, string>> {
  const res = await fetch(`${base}/v1/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: member.email, password: member.password }) });
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const body = (await res.json()) as { data: { csrf_token: string } };
  return { cookie: cookies.join('; '), 'x-csrf-token': body.data.csrf_token };
}

/** A signed-in member's JSON POST with an idempotency key; any answer of 300 or more ends the benchmark. */
export async function memberPoster(base: string, member: { email: string; password: string }) {
  const headers = { ...(await sessionHeaders(base, member)), 'content-type': 'application/json' };
  return async (path: string, body: object, key: string): Promise<Record<string, any>> => {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers: { ...headers, 'x-idempotency-key': key }, body: JSON.stringify(body) });
    const json = (await res.json()) as { data: Record<string, any> };
    if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
    return json.data;
  };
}
