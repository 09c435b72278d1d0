// Each test file gets its own database, cloned from the migrated template in a few milliseconds.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { withDatabase } from '../../core/db/embedded.ts';

let created: Promise<string> | null = null;

async function createFromTemplate(): Promise<string> {
  const adminUrl = inject('adminUrl');
  const template = inject('templateDatabase');
  const name = `${template.replace('template', 'test')}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Two clones at the same instant can see each other as users of the template; try again.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${template}`);
        break;
      } catch (err) {
        if (attempt >= 20 || !/being accessed by other users/.test(String(err))) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  return withDatabase(adminUrl, name);
}

/** The URL of this test file's own database (created on first call). */
export function testDatabaseUrl(): Promise<string> {
  created ??= createFromTemplate();
  return created;
}
