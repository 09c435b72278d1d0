// Every change of a campaign's status: the state table (core/domain/campaign-states.ts) names the next status, and
// one statement writes it with the columns the move sets. No other module writes campaigns.status.
import type { CampaignEvent, CampaignStatus } from '../../domain/campaign-states.ts';
import { transition } from '../../domain/campaign-states.ts';
import { unwrap } from '../../domain/errors.ts';
import { exec, type Runner } from '../sql.ts';

const COLUMN = /^[a-z_]+$/;

/**
 * Moves the campaign (locked by the caller) by `event` and returns its new status. A member action the table
 * refuses throws the spec's refusal; a refused worker or clock event is a bug and throws too. `columns` are the
 * move's other changes, named by the code (never by input); each value takes its column's type.
 */
export async function moveCampaign(
  db: Runner,
  c: { organization_id: string; id: string; status: CampaignStatus },
  event: CampaignEvent,
  at: Date,
  columns: Record<string, unknown> = {},
): Promise<CampaignStatus> {
  const next = unwrap(transition(c.status, event));
  const names = Object.keys(columns);
  for (const name of names) if (!COLUMN.test(name)) throw new Error(`not a column name: ${name}`);
  await exec(
    db,
    `update campaigns set status = ?, updated_at = ?${names.map((k) => `, ${k} = ?`).join('')}
     where organization_id = ? and id = ?`,
    [next, at, ...Object.values(columns), c.organization_id, c.id],
  );
  return next;
}
