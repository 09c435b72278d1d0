// The HTTP server's part of a graceful stop: stop accepting, answer every request already received, then close.
import type http from 'node:http';
import net from 'node:net';

/** How long requests in flight have to finish once a stop begins; the ones still running then are cut. */
export const HTTP_DRAIN_MS = 10_000;
/** How often connections left idle are closed while draining (a client may be writing a request on one). */
const IDLE_SWEEP_MS = 500;

export interface Drainable {
  /** Resolves once every connection is closed: all answered, or cut at boundMs. */
  drain(boundMs?: number): Promise<void>;
}

/** Call right after creating the server: it must see every request to know which are in flight. */
export function drainable(server: http.Server): Drainable {
  let draining = false;
  const inFlight = new Set<http.ServerResponse>();
  server.prependListener('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    // A request that reached us on a kept-alive connection is answered, and the connection ends with it.
    if (draining) res.setHeader('Connection', 'close');
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });
  return {
    async drain(boundMs = HTTP_DRAIN_MS) {
      draining = true;
      // The client of each answer still to come opens a new connection for its next request, which is refused.
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      // net.Server's close stops listening and keeps the connections; http.Server's would at once cut the
      // idle ones, and a client writing its next request on one of them would meet a reset.
      const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
      const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
      const cut = setTimeout(() => server.closeAllConnections(), boundMs);
      try {
        await closed;
      } finally {
        clearInterval(sweep);
        clearTimeout(cut);
      }
    },
  };
}
