// One webhook attempt over HTTP: Standard Webhooks headers, 15 s for the whole exchange, the answer's status,
// Retry-After and first KiB kept. The connection goes only to an address the rules allow, checked on the
// address actually connected to (public-connection.ts; a name re-resolved to a private address reaches nothing).
import http from 'node:http';
import https from 'node:https';
import { ATTEMPT_TIMEOUT_MS, RESPONSE_SNIPPET_BYTES, retryAfterMs } from '../../core/domain/webhooks.ts';
import type { UrlRules } from '../../core/app/webhooks/endpoint-url.ts';
import { signatureHeader } from '../../core/app/webhooks/signature.ts';
import type { AttemptResult, ClaimedDelivery } from '../../core/app/webhooks/deliveries.ts';
import { publicConnection } from './public-connection.ts';

export interface PostOptions {
  rules: UrlRules;
  /** The injected clock's time of the attempt: webhook-timestamp, and what a Retry-After date counts from. */
  at: Date;
  timeoutMs?: number;
}

export function postDelivery(delivery: ClaimedDelivery, options: PostOptions): Promise<AttemptResult> {
  // The duration and the timeout run on real time.
  const started = performance.now();
  const done = (partial: Omit<AttemptResult, 'delivery' | 'durationMs'>): AttemptResult => ({ delivery, durationMs: Math.round(performance.now() - started), ...partial });
  const timestamp = Math.floor(options.at.getTime() / 1000);
  const url = new URL(delivery.url);
  const connection = publicConnection(url, options.rules);
  if ('refused' in connection) return Promise.resolve(done({ status: null, error: connection.refused, snippet: null, retryAfterMs: null }));
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Ujumbe-Webhooks/1',
    'webhook-id': delivery.webhook_id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(delivery.secrets, delivery.webhook_id, timestamp, delivery.body),
    'content-length': String(Buffer.byteLength(delivery.body)),
  };
  const secure = url.protocol === 'https:';
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const req = (secure ? https : http).request(url, { method: 'POST', headers, agent: connection.agent, lookup: connection.lookup }, (res) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      res.on('data', (chunk: Buffer) => {
        if (kept < RESPONSE_SNIPPET_BYTES) {
          chunks.push(chunk.subarray(0, RESPONSE_SNIPPET_BYTES - kept));
          kept += Math.min(chunk.length, RESPONSE_SNIPPET_BYTES - kept);
        }
      });
      const answered = () =>
        finish(
          done({
            status: res.statusCode ?? 0,
            error: null,
            snippet: Buffer.concat(chunks).toString('utf8'),
            retryAfterMs: res.statusCode === 429 || res.statusCode === 503 ? retryAfterMs(res.headers['retry-after'], options.at) : null,
          }),
        );
      res.on('end', answered);
      res.on('error', answered);
    });
    const timer = setTimeout(() => {
      finish(done({ status: null, error: `no answer within ${(options.timeoutMs ?? ATTEMPT_TIMEOUT_MS) / 1000} s`, snippet: null, retryAfterMs: null }));
      req.destroy();
    }, options.timeoutMs ?? ATTEMPT_TIMEOUT_MS);
    req.on('error', (err: NodeJS.ErrnoException) => finish(done({ status: null, error: err.message.slice(0, 500), snippet: null, retryAfterMs: null })));
    req.end(delivery.body);
  });
}
