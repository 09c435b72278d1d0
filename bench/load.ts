// A small closed-loop HTTP load generator: N keep-alive connections for T seconds, latency percentiles.
// Requests are written as bytes on raw sockets and answers read only for their status and length: node's own
// HTTP client cost more CPU than the service it measured, on the same two cores.
import net from 'node:net';

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  /** How many answers of each status code (0: no answer, the connection failed). */
  statuses: Record<number, number>;
  /** CPU the load generator itself used, in seconds. */
  cpuSeconds: number;
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
  const target = new URL(options.url);
  const latencies: number[] = [];
  let errors = 0;
  const statuses: Record<number, number> = {};
  const count = (status: number) => (statuses[status] = (statuses[status] ?? 0) + 1);
  const end = performance.now() + options.seconds * 1000;
  const isOk = options.ok ?? ((s: number) => s >= 200 && s < 300);
  const cpu = threadCpu();
  const connections = Array.from({ length: options.connections }, () => new KeepAlive(target));
  const one = async (connection: KeepAlive) => {
    const started = performance.now();
    const n = sent++;
    const generated = generate?.(n);
    const body = generated?.body ?? options.body?.();
    const headers = { ...options.headers, ...generated?.headers, ...(body ? { 'content-type': 'application/json' } : {}) };
    const status = await connection.request(requestBytes(options.method ?? 'GET', target, headers, body));
    latencies.push(performance.now() - started);
    count(status);
    if (!isOk(status)) errors++;
  };
  const started = performance.now();
  await Promise.all(
    connections.map(async (connection) => {
      while (performance.now() < end && (options.requests === undefined || sent < options.requests)) await one(connection);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  for (const c of connections) c.close();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return { requests: latencies.length, errors, seconds, rps: latencies.length / seconds, p50: pct(0.5), p99: pct(0.99), statuses, cpuSeconds: cpu() };
}

/** CPU time of this thread (the load generator's own event loop) since the call, in seconds. */
function threadCpu(): () => number {
  const read = () => {
    const u = process.threadCpuUsage();
    return (u.user + u.system) / 1e6;
  };
  const from = read();
  return () => read() - from;
}

function requestBytes(method: string, target: URL, headers: Record<string, string>, body: string | undefined): Buffer {
  const payload = body === undefined ? null : Buffer.from(body);
  let head = `${method} ${target.pathname}${target.search} HTTP/1.1\r\nhost: ${target.host}\r\n`;
  for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
  head += `content-length: ${payload?.length ?? 0}\r\n\r\n`;
  return payload ? Buffer.concat([Buffer.from(head, 'latin1'), payload]) : Buffer.from(head, 'latin1');
}

const HEAD_END = Buffer.from('\r\n\r\n');
const CHUNKED_END = Buffer.from('\r\n0\r\n\r\n');

/**
 * One keep-alive connection, one request at a time. An answer ends after its content-length or, chunked, at
 * the last chunk; a connection that fails answers 0 and is opened again for the next request.
 */
class KeepAlive {
  private socket: net.Socket | null = null;
  private buffered: Buffer = Buffer.alloc(0);
  private waiting: ((status: number) => void) | null = null;
  private readonly target: URL;

  constructor(target: URL) {
    this.target = target;
  }

  request(bytes: Buffer): Promise<number> {
    const socket = this.socket ?? this.open();
    return new Promise((resolve) => {
      this.waiting = resolve;
      socket.write(bytes);
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = null;
  }

  private open(): net.Socket {
    const socket = net.connect({ host: this.target.hostname, port: Number(this.target.port), noDelay: true });
    this.socket = socket;
    this.buffered = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
      this.answer();
    });
    const failed = () => {
      if (this.socket === socket) this.socket = null;
      this.settle(0);
    };
    socket.on('error', failed);
    socket.on('close', failed);
    return socket;
  }

  private answer(): void {
    const headEnd = this.buffered.indexOf(HEAD_END);
    if (headEnd < 0) return;
    const head = this.buffered.toString('latin1', 0, headEnd);
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    const bodyStart = headEnd + HEAD_END.length;
    let answerEnd: number;
    if (length) {
      answerEnd = bodyStart + Number(length[1]);
      if (this.buffered.length < answerEnd) return;
    } else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
      const last = this.buffered.indexOf(CHUNKED_END, bodyStart - 2);
      if (last < 0) return;
      answerEnd = last + CHUNKED_END.length;
    } else {
      answerEnd = bodyStart;
    }
    this.buffered = this.buffered.subarray(answerEnd);
    this.settle(status);
  }

  private settle(status: number): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.(status);
  }
}

export function report(label: string, r: LoadResult): void {
  process.stdout.write(
    `${label}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.requests} requests, ${r.errors} errors in ${r.seconds.toFixed(1)} s (load generator: ${r.cpuSeconds.toFixed(1)} s of CPU)\n`,
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
