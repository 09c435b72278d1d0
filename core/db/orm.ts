// MikroORM on PostgreSQL: one ORM per process, one EntityManager fork per request or job.
import { MikroORM } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { migrationsList } from '../../migrations/index.ts';
import { Organization } from './entities/organization.ts';

export type Orm = MikroORM;

export async function createOrm(url: string, options: { poolMax?: number } = {}): Promise<Orm> {
  return MikroORM.init({
    clientUrl: url,
    entities: [Organization],
    extensions: [Migrator],
    migrations: { migrationsList, snapshot: false, silent: true, tableName: 'schema_migrations' },
    pool: { min: 0, max: options.poolMax ?? 10 },
    debug: false,
    allowGlobalContext: false,
  });
}
