// `npm start`: the whole service in one process (embedded PostgreSQL, API, workers), demo data on first start.
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { boot, log, main } from './boot.ts';
import { StartupError } from '../core/startup-error.ts';
import { migrate } from '../core/db/migrate.ts';
import { newCtx } from '../core/app/context.ts';
import { needsDemo, seedDemo } from '../core/app/demo/seed-demo.ts';
import { createServiceApp } from './server/app.ts';
import { SURFACES } from './server/surfaces.ts';
import { restLink } from '../core/transport/rest-paths.ts';
import { startWorkers, STOP_AFTER_SUBMITS_MS } from '../workers/runner.ts';
import { surviveUnawaitedDatabaseFaults } from '../workers/unawaited-faults.ts';
import { drainable, HTTP_DRAIN_MS } from '../core/transport/drain.ts';

export async function startAll(options: { api: boolean; workers: boolean; migrate: boolean; seed: boolean }) {
  const booted = await boot(options.migrate ? { migrateFirst: migrate } : {});
  const { env, deps } = booted;
  let credentials: Awaited<ReturnType<typeof seedDemo>> | null = null;
  if (options.seed && !deps.config.production && (await needsDemo(await newCtx(deps)))) {
    credentials = await seedDemo(await newCtx(deps));
  }
  const app = createServiceApp(deps, { logger: { error: (m, e) => log(m, { error: String((e as Error)?.stack ?? e) }) }, surfaces: SURFACES });
  const server = options.api ? http.createServer(app) : null;
  const httpServer = server ? drainable(server) : null;
  if (server) {
    await new Promise<void>((resolve, reject) => {
      server.once('error', (err: NodeJS.ErrnoException) =>
        reject(err.code === 'EADDRINUSE' ? new StartupError(`port ${env.PORT} is in use: stop what listens there, or set PORT to another port`) : err),
      );
      server.listen(env.PORT, resolve);
    });
  }
  if (options.workers) surviveUnawaitedDatabaseFaults(log);
  const runner = options.workers ? await startWorkers(deps, booted.url) : null;
  const address = server?.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  log('ujumbe started', { api: options.api ? `http://localhost:${port}` : null, workers: options.workers, clock: env.CLOCK });
  if (credentials) printCredentials(`http://localhost:${port}`, credentials);

  let stopping = false;
  const stop = async (exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    log('ujumbe stopping');
    // The whole stop has a bound, even with the database frozen: the HTTP drain, a submit timeout for answers in
    // flight, then receipts and the last writes (workers/dispatcher.ts, dispatch-writer.ts). Past it, exit 1.
    const bound = HTTP_DRAIN_MS + deps.config.smppSubmitTimeoutMs + STOP_AFTER_SUBMITS_MS;
    setTimeout(() => {
      log('ujumbe stop took too long; exiting with work unfinished', { bound_ms: bound });
      process.exit(1);
    }, bound).unref();
    // No new connections; every request already received is answered (within HTTP_DRAIN_MS) before the workers stop.
    await httpServer?.drain();
    await runner?.stop();
    await booted.close().catch(() => {});
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  // graphile-worker gave up (its pool shut down by itself, and the dispatcher and the webhook sender with it): the
  // process stops as on SIGTERM and exits 1, for its supervisor to start it again.
  void runner?.ended.then((reason) => {
    log('ujumbe workers stopped by themselves', { reason });
    void stop(1);
  });
}

function printCredentials(base: string, c: NonNullable<Awaited<ReturnType<typeof seedDemo>>>) {
  const lines = [
    '',
    'Demo organization seeded (shown once; only hashes are stored):',
    `  organization   ${c.organization.name} (${c.organization.id})`,
    `  dashboard      ${base}/`,
    `  member         ${c.member.email}`,
    `  password       ${c.member.password}`,
    `  test key       ${c.testKey}`,
    `  live key       ${c.liveKey}`,
    `  short code     ${c.shortCode} (messages to it come into the inbox)`,
    '',
    `  try: curl -H "Authorization: Bearer ${c.testKey}" ${base}${restLink('getServiceStatus', {})}`,
    `  and: npm run ops -- inbound simulate --from 0754123456 --to ${c.shortCode} --text "Habari"`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main(() => startAll({ api: true, workers: true, migrate: true, seed: true }));
}
