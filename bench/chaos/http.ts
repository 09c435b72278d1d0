// A client as a careful integrator writes one: each request goes to the next API process in turn, and one that
// fails (no connection, a 5xx, a 429, a timeout) is sent again with the same idempotency key until it is answered.

export interface Answer {
  status: number;
  body: Record<string, any> | null;
  headers: Headers;
}

export interface Attempted {
  /** The definitive answer (2xx or a refusal other than 429); null when the deadline came first. */
  answer: Answer | null;
  /** Every answer of 2xx, replays included, in order. */
  successes: Answer[];
  attempts: number;
  /** What went wrong on the attempts that were tried again: the status or the error's code. */
  failures: string[];
}

export interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** JSON sent byte for byte instead of `body` (a signed body). */
  rawBody?: string;
}

const REQUEST_TIMEOUT_MS = 15_000;
let turn = 0;

function errorCode(err: unknown): string {
  const cause = (err as { cause?: { code?: string } })?.cause;
  return cause?.code ?? (err as Error)?.name ?? 'error';
}

export async function once(base: string, spec: RequestSpec): Promise<Answer> {
  const sent = spec.rawBody ?? (spec.body === undefined ? undefined : JSON.stringify(spec.body));
  const res = await fetch(`${base}${spec.path}`, {
    method: spec.method,
    headers: { ...(sent === undefined ? {} : { 'content-type': 'application/json' }), ...spec.headers },
    body: sent,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await res.text();
  let body: Record<string, any> | null = null;
  try {
    body = text ? (JSON.parse(text) as Record<string, any>) : null;
  } catch {
    // Not JSON (a proxy's page, a cut body): kept as no body.
  }
  return { status: res.status, body, headers: res.headers };
}

/** Sends until definitively answered or `deadline` (epoch ms) passes; `bases()` are the API processes' URLs. */
export async function sendRetrying(bases: () => readonly string[], spec: RequestSpec, deadline: number): Promise<Attempted> {
  const result: Attempted = { answer: null, successes: [], attempts: 0, failures: [] };
  for (let pause = 200; Date.now() < deadline; pause = Math.min(pause * 2, 2000)) {
    const list = bases();
    const base = list[turn++ % list.length]!;
    result.attempts += 1;
    try {
      const answer = await once(base, spec);
      if (answer.status < 300) result.successes.push(answer);
      if (answer.status < 500 && answer.status !== 429) {
        result.answer = answer;
        return result;
      }
      result.failures.push(String(answer.status));
    } catch (err) {
      result.failures.push(errorCode(err));
    }
    await new Promise((r) => setTimeout(r, pause));
  }
  return result;
}
