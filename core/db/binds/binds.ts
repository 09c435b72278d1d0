// The SMSC binds and the routes by operator (migration 0032). The URL's password is stored sealed only.
import { exec, isUniqueViolation, one, pgArray, rows, type Runner } from '../sql.ts';

export interface BindRow {
  name: string;
  url_sealed: string;
  url_shown: string;
  system_type: string;
  tps: number;
  window_size: number;
  submit_timeout_ms: number;
  enabled: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface RouteRow {
  operator: string;
  binds: string[];
  updated_at: Date;
}

export function readBinds(db: Runner): Promise<BindRow[]> {
  return rows<BindRow>(db, 'select * from smsc_binds order by name');
}

/** The bind, locked for a change. */
export function lockBind(db: Runner, name: string): Promise<BindRow | undefined> {
  return one<BindRow>(db, 'select * from smsc_binds where name = ? for update', [name]);
}

/** False when a bind already has the name. */
export async function insertBind(db: Runner, bind: Omit<BindRow, 'updated_at'>): Promise<boolean> {
  try {
    await insertBindRow(db, bind);
    return true;
  } catch (err) {
    if (isUniqueViolation(err, 'smsc_binds_pkey')) return false;
    throw err;
  }
}

async function insertBindRow(db: Runner, bind: Omit<BindRow, 'updated_at'>): Promise<void> {
  await exec(
    db,
    `insert into smsc_binds (name, url_sealed, url_shown, system_type, tps, window_size, submit_timeout_ms, enabled, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [bind.name, bind.url_sealed, bind.url_shown, bind.system_type, bind.tps, bind.window_size, bind.submit_timeout_ms, bind.enabled, bind.created_at, bind.created_at],
  );
}

export async function updateBind(db: Runner, bind: BindRow): Promise<void> {
  await exec(
    db,
    `update smsc_binds set url_sealed = ?, url_shown = ?, system_type = ?, tps = ?, window_size = ?, submit_timeout_ms = ?, enabled = ?,
       updated_at = ? where name = ?`,
    [bind.url_sealed, bind.url_shown, bind.system_type, bind.tps, bind.window_size, bind.submit_timeout_ms, bind.enabled, bind.updated_at, bind.name],
  );
}

export async function deleteBind(db: Runner, name: string): Promise<void> {
  await exec(db, 'delete from smsc_binds where name = ?', [name]);
}

export function readRoutes(db: Runner): Promise<RouteRow[]> {
  return rows<RouteRow>(db, 'select * from smsc_routes order by operator');
}

/** The routes naming this bind (locked with the routes table's rows they are). */
export function routesUsing(db: Runner, name: string): Promise<RouteRow[]> {
  return rows<RouteRow>(db, 'select * from smsc_routes where ? = any(binds) order by operator for update', [name]);
}

export async function writeRoute(db: Runner, operator: string, binds: readonly string[], at: Date): Promise<void> {
  await exec(
    db,
    `insert into smsc_routes (operator, binds, updated_at) values (?, ?::text[], ?)
     on conflict (operator) do update set binds = excluded.binds, updated_at = excluded.updated_at`,
    [operator, pgArray(binds), at],
  );
}

/** Taken before a bind or a route changes: a route never names a bind removed meanwhile. */
export async function lockBindsTable(db: Runner): Promise<void> {
  await exec(db, 'lock table smsc_binds in share row exclusive mode');
}
