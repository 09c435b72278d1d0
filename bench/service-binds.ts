// The service benchmark's five-bind mode: five simulators, one bind for each operator, configured in the data
// directory before the service first starts there (its workers read their binds at start); and the figures of each
// bind from the messages it carried.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { startSmscSimulator, type SmscSimulator } from '../workers/providers/smsc-simulator.ts';
import { startEmbedded } from '../core/db/embedded.ts';
import { createOrm } from '../core/db/orm.ts';
import { migrate } from '../core/db/migrate.ts';
import { defaultConfig, newCtx, type Deps } from '../core/app/context.ts';
import { systemClock } from '../core/app/clock.ts';
import { addBind } from '../core/app/binds/manage-binds.ts';
import { setRoute } from '../core/app/binds/routes.ts';
import type { Operator } from '../core/domain/operators.ts';

const OWN: readonly Exclude<Operator, 'other'>[] = ['vodacom', 'airtel', 'yas', 'halotel', 'ttcl'];

export interface FiveBinds {
  simulators: SmscSimulator[];
  /** The environment the service needs: the key its binds' URLs are sealed with. */
  env: Record<string, string>;
  prepare(dataDir: string): Promise<void>;
  close(): Promise<void>;
}

export async function fiveBinds(): Promise<FiveBinds> {
  const simulators: SmscSimulator[] = [];
  for (let i = 0; i < OWN.length; i++) simulators.push(await startSmscSimulator({ port: 0, dlrDelayMs: 0 }));
  const key = randomBytes(32);
  return {
    simulators,
    env: { WEBHOOK_SECRETS_KEY: key.toString('base64') },
    async prepare(dataDir) {
      const db = await startEmbedded(dataDir);
      await migrate(db.url);
      const orm = await createOrm(db.url, { poolMax: 2 });
      try {
        const deps: Deps = { orm, clock: systemClock, config: { ...defaultConfig, webhookSecretsKey: key } };
        const ctx = await newCtx(deps);
        for (const [i, operator] of OWN.entries()) {
          await addBind(ctx, `${operator}-1`, { url: simulators[i]!.url, system_type: '', tps: 10_000, window: 500, submit_timeout_ms: 10_000 });
          await setRoute(ctx, operator, [`${operator}-1`]);
        }
        // Numbers outside the five ranges go with TTCL's bind.
        await setRoute(ctx, 'other', ['ttcl-1']);
      } finally {
        await orm.close();
        await db.stop();
      }
    },
    async close() {
      await Promise.all(simulators.map((s) => s.close()));
    },
  };
}

/** Each bind's share: its messages, and its submit rate from its first submit to its last answer. */
export async function perBind(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query(
    `select bind, count(*)::int as messages, extract(epoch from max(finished_at) - min(started_at)) as seconds
     from message_attempts group by bind order by bind`,
  );
  return rows.map((r: { bind: string; messages: number; seconds: string }) => `    ${r.bind}: ${r.messages} messages, ${(r.messages / Number(r.seconds)).toFixed(0)} msg/s over ${Number(r.seconds).toFixed(1)} s`);
}
