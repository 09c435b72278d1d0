// `npm run migrate`: applies every pending migration to DATABASE_URL (or the embedded database).
import { loadEnv } from '../core/config.ts';
import { migrate } from '../core/db/migrate.ts';
import { main, resolveDatabase } from './boot.ts';

await main(async () => {
  const db = await resolveDatabase(loadEnv());
  try {
    await migrate(db.url);
    process.stdout.write(`${JSON.stringify({ migrated: true })}\n`);
  } finally {
    await db.stop();
  }
});
