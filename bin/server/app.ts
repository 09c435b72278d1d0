// The service's HTTP composition root: one express app serving REST under /v1 and the surfaces given beside it
// (bin/server/surfaces.ts: tRPC for the dashboard, GraphQL for reporting, the dashboard's page), behind what they
// share: security headers, no-store answers, the probes, the one JSON body parser and the envelope of an unknown path.
import express from 'express';
import helmet from 'helmet';
import type { Express } from 'express';
import type { Deps } from '../../core/app/context.ts';
import { DomainError } from '../../core/domain/errors.ts';
import { readiness } from '../../core/app/platform/readiness.ts';
import { jsonBodyParser } from '../../core/transport/json-body.ts';
import { restRouter } from '../../rest-facade/app.ts';
import { errorMiddleware, type ErrorLogger } from '../../rest-facade/errors.ts';

/**
 * Security headers on every answer (helmet, maintained and complete, rather than a hand-kept list): a
 * Content-Security-Policy allowing only this site's own scripts and styles (no inline script) and no
 * framing, nosniff, no referrer.
 */
const securityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: true,
    directives: { 'style-src': ["'self'"], 'frame-ancestors': ["'none'"], 'upgrade-insecure-requests': null },
  },
  referrerPolicy: { policy: 'no-referrer' },
});

/**
 * For orchestrators and load balancers, outside /v1 and without credentials (README): the process runs (no
 * database); the database answers. Not operations of the API, so not in its OpenAPI document.
 */
function probes(deps: Deps): express.Router {
  const router = express.Router();
  router.get('/health', (_req, res) => {
    res.json({ success: true, data: { status: 'ok' } });
  });
  router.get('/ready', (_req, res, next) => {
    readiness(deps).then((data) => res.json({ success: true, data }), next);
  });
  return router;
}

/** A surface served beside REST: it adds its routes to the app (each adapter's mount function is one). */
export type Surface = (app: Express, deps: Deps, options: { logger: ErrorLogger }) => void;

export interface ServiceAppOptions {
  logger?: ErrorLogger;
  /** Mounted after REST, before the envelope of an unknown path. */
  surfaces?: readonly Surface[];
}

export function createServiceApp(deps: Deps, options: ServiceAppOptions = {}): Express {
  const logger = options.logger ?? { error: (m: string, e: unknown) => console.error(m, e) };
  const app = express();
  app.disable('x-powered-by');
  // Behind TRUST_PROXY reverse proxies, req.secure and req.ip come from their X-Forwarded-* headers.
  app.set('trust proxy', deps.config.trustProxyHops);
  app.set('query parser', 'simple');
  app.use(securityHeaders);
  // API answers carry personal data or secrets: never stored by a browser or a shared cache.
  app.use(['/v1', '/trpc', '/graphql', '/health', '/ready'], (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  app.use(probes(deps));
  app.use(jsonBodyParser());
  app.use(restRouter(deps, { logger }));
  for (const mount of options.surfaces ?? []) mount(app, deps, { logger });
  // Outside /v1 too, an unknown path is the envelope, never express's HTML page.
  app.use((_req, _res, next) => {
    next(new DomainError('not_found', 'There is nothing at this path.'));
  });
  app.use(errorMiddleware(logger));
  return app;
}
