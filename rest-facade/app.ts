// The public REST façade under /v1: its router, which bin/server mounts beside the other surfaces, and the same
// served alone (createRestApp). Neither listens by itself.
import express from 'express';
import type { Express } from 'express';
import type { Deps } from '../core/app/context.ts';
import type { AnyRoute } from './route.ts';
import { DomainError } from '../core/domain/errors.ts';
import { handlerFor } from './pipeline.ts';
import { jsonBodyParser } from '../core/transport/json-body.ts';
import { errorMiddleware, type ErrorLogger } from './errors.ts';
import { allRoutes } from './routes/index.ts';
import { buildOpenApi } from './openapi.ts';

export interface RestAppOptions {
  logger?: ErrorLogger;
  routes?: AnyRoute[];
}

/** The REST operations as a router, which the service's app mounts (a router adds no layer of its own to a request). */
export function restRouter(deps: Deps, options: RestAppOptions = {}): express.Router {
  const routes = options.routes ?? allRoutes;
  const router = express.Router();
  const openapi = buildOpenApi(routes);
  router.get('/v1/openapi.json', (_req, res) => {
    res.json(openapi);
  });
  for (const r of routes) router[r.method](r.path, handlerFor(r, deps));
  router.use('/v1', (req, _res, next) => {
    next(new DomainError('not_found', `There is no operation ${req.method} ${req.originalUrl.split('?')[0]}.`));
  });
  router.use(errorMiddleware(options.logger ?? { error: (m, e) => console.error(m, e) }));
  return router;
}

/** The REST app served alone (a test does): the router behind the settings and the body parser it relies on. */
export function createRestApp(deps: Deps, options: RestAppOptions = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  // Behind TRUST_PROXY reverse proxies, req.secure and req.ip come from their X-Forwarded-* headers.
  app.set('trust proxy', deps.config.trustProxyHops);
  app.set('query parser', 'simple');
  app.use(jsonBodyParser());
  app.use(restRouter(deps, options));
  return app;
}
