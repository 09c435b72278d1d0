// The numbers and short codes organizations receive messages on (inbound_numbers), and the messages to numbers
// nobody owns, for the operator.
import type { Runner } from '../sql.ts';
import { exec, one, rows } from '../sql.ts';

export interface NumberRow {
  number: string;
  kind: 'short_code' | 'long_number';
  organization_id: string;
  organization_name: string;
  assigned_at: Date;
}

const SELECT_NUMBERS = `select n.number, n.kind, n.organization_id, o.name as organization_name, n.assigned_at
  from inbound_numbers n join organizations o on o.id = n.organization_id`;

/** Inserts the assignment unless the number is taken; the row as it stands afterwards (its owner, either way). */
export async function assignNumber(runner: Runner, a: { number: string; kind: string; organizationId: string; at: Date }): Promise<{ row: NumberRow; inserted: boolean }> {
  const inserted = await one<{ number: string }>(
    runner,
    'insert into inbound_numbers (number, organization_id, kind, assigned_at) values (?, ?, ?, ?) on conflict (number) do nothing returning number',
    [a.number, a.organizationId, a.kind, a.at],
  );
  const row = await one<NumberRow>(runner, `${SELECT_NUMBERS} where n.number = ? for update of n`, [a.number]);
  return { row: row!, inserted: inserted !== undefined };
}

export async function findNumber(runner: Runner, number: string, lock = false): Promise<NumberRow | undefined> {
  return one<NumberRow>(runner, `${SELECT_NUMBERS} where n.number = ?${lock ? ' for update of n' : ''}`, [number]);
}

export async function deleteNumber(runner: Runner, number: string): Promise<void> {
  await exec(runner, 'delete from inbound_numbers where number = ?', [number]);
}

export async function listNumbers(runner: Runner, organizationId: string | null): Promise<NumberRow[]> {
  return organizationId
    ? rows<NumberRow>(runner, `${SELECT_NUMBERS} where n.organization_id = ? order by n.number`, [organizationId])
    : rows<NumberRow>(runner, `${SELECT_NUMBERS} order by o.name, n.organization_id, n.number`);
}

export interface UnownedRow {
  id: string;
  from_phone: string;
  to_number: string;
  body: string;
  encoding: string;
  parts: number;
  incomplete: boolean;
  smsc: string;
  bind: string | null;
  received_at: Date;
}

/** Messages to numbers nobody owned when they came, newest first. */
export async function listUnowned(runner: Runner, limit: number): Promise<UnownedRow[]> {
  return rows<UnownedRow>(
    runner,
    `select id, from_phone, to_number, body, encoding, parts, incomplete, smsc, bind, received_at
     from inbound_messages where organization_id is null order by id desc limit ?`,
    [limit],
  );
}
