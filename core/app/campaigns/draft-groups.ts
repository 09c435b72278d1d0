// A deleted group leaves every draft that used it: the draft's version grows and its quote and audience go.
import type { Ctx } from '../context.ts';
import type { CampaignRow } from './campaign-view.ts';
import { pgArray, rows } from '../../db/sql.ts';
import { onGroupDeleted } from '../groups/group-deleted.ts';
import { changeDraft } from './drafts.ts';

export async function removeGroupFromDrafts(tx: Ctx, organizationId: string, groupId: string): Promise<void> {
  const drafts = await rows<CampaignRow>(
    tx.em,
    "select * from campaigns where organization_id = ? and status = 'draft' and ?::uuid = any(group_ids) order by id for update",
    [organizationId, groupId],
  );
  for (const draft of drafts) await changeDraft(tx, draft, { group_ids: pgArray(draft.group_ids.filter((g) => g !== groupId)) });
}

onGroupDeleted(removeGroupFromDrafts);
