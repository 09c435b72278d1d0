// One PostgreSQL for the whole run (embedded, or TEST_DATABASE_URL) and one migrated template database.
import type { TestProject } from 'vitest/node';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, newCluster } from '../../core/db/embedded.ts';
import { migrate } from '../../core/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDatabase: string;
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopCluster: (() => Promise<void>) | null = null;
  let dir: string | null = null;
  if (!adminUrl) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ujumbe-test-pg-'));
    fs.chmodSync(dir, 0o755);
    const port = await freePort();
    const password = randomBytes(12).toString('hex');
    const cluster = newCluster(path.join(dir, 'pg'), port, password, false);
    await cluster.initialise();
    await cluster.start();
    stopCluster = () => cluster.stop();
    adminUrl = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  }
  const template = `ujumbe_template_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  await migrate(withDatabase(adminUrl, template));
  project.provide('adminUrl', adminUrl);
  project.provide('templateDatabase', template);

  return async () => {
    if (stopCluster) {
      await admin.end();
      await stopCluster();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
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
