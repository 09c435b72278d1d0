// createRestApp(deps): the public REST façade under /v1 (never listens by itself; bin/server mounts it beside the
// other surfaces, and a test may serve it alone).
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

export function createRestApp(deps: Deps, options: RestAppOptions = {}): Express {
  const routes = options.routes ?? allRoutes;
  const app = express();
  app.disable('x-powered-by');
  // Behind TRUST_PROXY reverse proxies, req.secure and req.ip come from their X-Forwarded-* headers.
  app.set('trust proxy', deps.config.trustProxyHops);
  app.set('query parser', 'simple');
  // Served alone, the REST app parses its bodies; mounted, the service parsed them already and this passes.
  app.use(jsonBodyParser());
  const openapi = buildOpenApi(routes);
  app.get('/v1/openapi.json', (_req, res) => {
    res.json(openapi);
  });
  for (const r of routes) app[r.method](r.path, handlerFor(r, deps));
  app.use('/v1', (req, _res, next) => {
    next(new DomainError('not_found', `There is no operation ${req.method} ${req.originalUrl.split('?')[0]}.`));
  });
  app.use(errorMiddleware(options.logger ?? { error: (m, e) => console.error(m, e) }));
  return app;
}
