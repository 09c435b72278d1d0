// Applies our migrations and graphile-worker's own schema to one database.
import { runMigrations as runWorkerMigrations } from 'graphile-worker';
import { createOrm } from './orm.ts';

export async function migrate(url: string): Promise<void> {
  const orm = await createOrm(url, { poolMax: 2 });
  try {
    await orm.migrator.up();
  } finally {
    await orm.close();
  }
  await runWorkerMigrations({ connectionString: url, logger: quietLogger });
}

import { Logger } from 'graphile-worker';

export const quietLogger = new Logger(() => () => {});
