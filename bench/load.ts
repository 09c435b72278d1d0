// A small closed-loop HTTP load generator: N connections for T seconds, latency percentiles.
import http from 'node:http';

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  /** How many answers of each status code (0: no answer, the connection failed). */
  statuses: Record<number, number>;
}

export interface GeneratedRequest {
  headers: Record<string, string>;
  body: string;
}

/** A module exporting `createRequests(params)`, which returns the n-th request's headers and body. */
export interface RequestFactory {
  module: string;
  params: unknown;
}

export async function load(options: {
  url: string;
  connections: number;
  seconds: number;
  /** Stop after this many requests instead of at the end of `seconds` (which still bounds the run). */
  requests?: number;
  headers?: Record<string, string>;
  method?: string;
  body?: () => string;
  factory?: RequestFactory;
  ok?: (status: number) => boolean;
}): Promise<LoadResult> {
  const generate = options.factory
    ? ((await import(options.factory.module)) as { createRequests(params: unknown): (n: number) => GeneratedRequest }).createRequests(options.factory.params)
    : null;
  let sent = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let errors = 0;
  const statuses: Record<number, number> = {};
  const count = (status: number) => (statuses[status] = (statuses[status] ?? 0) + 1);
  const end = performance.now() + options.seconds * 1000;
  const isOk = options.ok ?? ((s: number) => s >= 200 && s < 300);
  const one = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const n = sent++;
      const generated = generate?.(n);
      const body = generated?.body ?? options.body?.();
      const headers = { ...options.headers, ...generated?.headers, ...(body ? { 'content-type': 'application/json' } : {}) };
      const req = http.request(options.url, { method: options.method ?? 'GET', agent, headers }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - started);
          count(res.statusCode ?? 0);
          if (!isOk(res.statusCode ?? 0)) errors++;
          resolve();
        });
      });
      req.on('error', () => {
        count(0);
        errors++;
        resolve();
      });
      req.end(body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < end && (options.requests === undefined || sent < options.requests)) await one();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return { requests: latencies.length, errors, seconds, rps: latencies.length / seconds, p50: pct(0.5), p99: pct(0.99), statuses };
}

export function report(label: string, r: LoadResult): void {
  process.stdout.write(
    `${label}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.requests} requests, ${r.errors} errors in ${r.seconds.toFixed(1)} s\n`,
  );
}

/** The same load from a worker thread (a separate event loop); body generators cannot cross threads. */
export async function loadInThread(options: Omit<Parameters<typeof load>[0], 'body' | 'ok'>): Promise<LoadResult> {
  const { Worker } = await import('node:worker_threads');
  const worker = new Worker(new URL('./load-worker.ts', import.meta.url), { workerData: options });
  return new Promise((resolve, reject) => {
    worker.once('message', (r: LoadResult) => {
      void worker.terminate();
      resolve(r);
    });
    worker.once('error', reject);
  });
}
