// One PostgreSQL for the whole run (embedded, or TEST_DATABASE_URL) and one migrated template database.
import type { TestProject } from 'vitest/node';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { EmbeddedCluster, freePort, withDatabase } from '../../core/db/embedded.ts';
import { clusterUser, placeCluster } from '../../core/db/postgres-home.ts';
import { migrate } from '../../core/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDatabase: string;
  }
}

/** A throwaway cluster (durability off: it is deleted after the run). */
async function startThrowaway(): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ujumbe-test-pg-'));
  fs.chmodSync(dir, 0o755);
  const runAs = clusterUser();
  const { directory } = placeCluster(runAs, path.join(dir, 'pg'));
  const cluster = await EmbeddedCluster.create({ directory, port: await freePort(), password: randomBytes(12).toString('hex'), durable: false }, runAs);
  await cluster.initialise();
  await cluster.start();
  return {
    url: cluster.url,
    async stop() {
      await cluster.stop();
      fs.rmSync(directory, { recursive: true, force: true });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject) {
  // The processes tests start (the operator CLI, the service, the worker) load the same modules at every start; Node's
  // compile cache keeps their compiled code between starts (set here, before the test workers inherit the
  // environment). Only compiled code is kept: a changed file is compiled again.
  process.env.NODE_COMPILE_CACHE ??= path.join(os.tmpdir(), 'ujumbe-test-compile-cache');
  const cluster = process.env.TEST_DATABASE_URL ? null : await startThrowaway();
  const adminUrl = process.env.TEST_DATABASE_URL ?? cluster!.url;
  const template = `ujumbe_template_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  await migrate(withDatabase(adminUrl, template));
  project.provide('adminUrl', adminUrl);
  project.provide('templateDatabase', template);

  return async () => {
    if (cluster) {
      await admin.end();
      await cluster.stop();
      return;
    }
    // A shared server: drop what this run created.
    const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like $1 or datname = $2", [
      `${template.replace('template', 'test')}%`,
      template,
    ]);
    for (const r of rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
    await admin.end();
  };
}
