// Whether the database answers, as one pool sees it: `select 1` on a connection of its own, and a breaker that,
// once the database is found silent or unreachable, fails every new acquisition at once until it answers again.
// Without the breaker each request (and each batch a coalescer sends after another) would wait out its own timeout.
import pg from 'pg';

const now = () => performance.now();
/** The probe's connection is closed after this long unused: it should not hold a server process for nothing. */
const SENTINEL_IDLE_MS = 30_000;

/** The error of a statement or acquisition cut short because the database does not answer (core/db/unavailable.ts). */
export function unanswered(): Error {
  return Object.assign(new Error('the database did not answer in time'), { code: 'ETIMEDOUT' });
}

/** A refusal for load (too many connections) is an answer: the server is alive. Starting or stopping (57P0x) is not. */
const isLiveRefusal = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !code.startsWith('57P') && !code.startsWith('08');
};

interface Sentinel {
  client: pg.Client;
  ready: Promise<unknown>;
}

export class DatabaseHealth {
  private downSince: Error | null = null;
  private running: Promise<boolean> | null = null;
  private upAt = -Infinity;
  private sentinel: Sentinel | null = null;
  private idle: NodeJS.Timeout | undefined;
  private readonly onDown = new Set<(err: Error) => void>();
  private readonly url: string;
  private readonly probeMs: number;
  /** How often a database found down is asked again. */
  private readonly retryMs: number;

  constructor(url: string, probeMs: number, retryMs = 1_000) {
    this.url = url;
    this.probeMs = probeMs;
    this.retryMs = retryMs;
  }

  /** The error to fail with at once while the database is known to be down; null while it answers. */
  get down(): Error | null {
    return this.downSince;
  }

  /** Calls listener when the database is found down; returns the function that stops listening. */
  whenDown(listener: (err: Error) => void): () => void {
    this.onDown.add(listener);
    return () => this.onDown.delete(listener);
  }

  /** Asks the server (one question at a time; a yes of the last half second is reused); a no opens the breaker. */
  probe(): Promise<boolean> {
    if (!this.downSince && now() - this.upAt < 500) return Promise.resolve(true);
    this.running ??= this.ask().then((up) => {
      this.running = null;
      if (up) {
        this.upAt = now();
        this.downSince = null;
      } else this.markDown();
      return up;
    });
    return this.running;
  }

  /** The database does not answer: everyone waiting on it is told now, and it is asked again every retryMs. */
  markDown(): void {
    if (this.downSince) return;
    const err = unanswered();
    this.downSince = err;
    for (const listener of [...this.onDown]) listener(err);
    const again = () => {
      const timer = setTimeout(() => void this.probe().then((up) => up || again()), this.retryMs);
      timer.unref();
    };
    again();
  }

  close(): void {
    this.drop();
  }

  /**
   * `select 1` within probeMs on the probe's own connection (opened when needed): an existing connection
   * answers in milliseconds even on a loaded machine, where opening one (a process and an authentication)
   * may take long enough to be mistaken for a frozen server.
   */
  private async ask(): Promise<boolean> {
    const sentinel = (this.sentinel ??= this.open());
    clearTimeout(this.idle);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<Error>((resolve) => (timer = setTimeout(() => resolve(unanswered()), this.probeMs)));
    const asked = sentinel.ready.then(() => sentinel.client.query('select 1')).then(() => null, (err: unknown) => err);
    const failure = await Promise.race([asked, late]);
    clearTimeout(timer);
    if (failure === null) {
      this.idle = setTimeout(() => this.drop(), SENTINEL_IDLE_MS);
      this.idle.unref();
      return true;
    }
    this.drop();
    return isLiveRefusal(failure);
  }

  private open(): Sentinel {
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: this.probeMs, application_name: 'ujumbe-probe' });
    // Never what keeps the process alive; a connection the server drops is opened again at the next question.
    (client.connection.stream as { unref?: () => void }).unref?.();
    const forget = () => {
      if (this.sentinel?.client === client) this.sentinel = null;
    };
    client.on('error', forget);
    client.on('end', forget);
    return { client, ready: client.connect() };
  }

  /** Closes the probe's connection; a frozen server would never complete a polite goodbye, so its socket goes. */
  private drop(): void {
    clearTimeout(this.idle);
    const sentinel = this.sentinel;
    this.sentinel = null;
    sentinel?.ready.catch(() => {});
    sentinel?.client.connection.stream.destroy();
  }
}
