// createRestApp(deps): the public REST façade under /v1 (never listens by itself).
import express from 'express';
import helmet from 'helmet';
import type { Express } from 'express';
import type { Deps } from '../core/app/context.ts';
import type { AnyRoute } from './route.ts';
import { DomainError } from '../core/domain/errors.ts';
import { handlerFor } from './pipeline.ts';
import { jsonBodyParser } from './json-body.ts';
import { errorMiddleware, type ErrorLogger } from './errors.ts';
import { allRoutes } from './routes/index.ts';
import { buildOpenApi } from './openapi.ts';
import { readiness } from '../core/app/platform/readiness.ts';

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

export interface RestAppOptions {
  logger?: ErrorLogger;
  routes?: AnyRoute[];
  /** Other surfaces served by the same app (tRPC, GraphQL, the dashboard), mounted before the 404 fallback. */
  mounts?: ((app: Express) => void)[];
}

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

export function createRestApp(deps: Deps, options: RestAppOptions = {}): Express {
  const routes = options.routes ?? allRoutes;
  const app = express();
  app.disable('x-powered-by');
  // Behind TRUST_PROXY reverse proxies, req.secure and req.ip come from their X-Forwarded-* headers.
  app.set('trust proxy', deps.config.trustProxyHops);
  app.use(securityHeaders);
  // API answers carry personal data or secrets: never stored by a browser or a shared cache.
  app.use(['/v1', '/trpc', '/graphql', '/health', '/ready'], (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  app.use(probes(deps));
  app.set('query parser', 'simple');
  app.use(jsonBodyParser());
  const openapi = buildOpenApi(routes);
  app.get('/v1/openapi.json', (_req, res) => {
    res.json(openapi);
  });
  for (const r of routes) app[r.method](r.path, handlerFor(r, deps));
  for (const mount of options.mounts ?? []) mount(app);
  app.use('/v1', (req, _res, next) => {
    next(new DomainError('not_found', `There is no operation ${req.method} ${req.originalUrl.split('?')[0]}.`));
  });
  // Outside /v1 too, an unknown path is the envelope, never express's HTML page.
  app.use((_req, _res, next) => {
    next(new DomainError('not_found', 'There is nothing at this path.'));
  });
  app.use(errorMiddleware(options.logger ?? { error: (m, e) => console.error(m, e) }));
  return app;
}
