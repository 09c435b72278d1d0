// A deleted group leaves every draft that used it: the draft's version grows and its quote and audience go.
import type { Ctx } from '../context.ts';
import { lockDraftsWithGroup } from '../../db/campaigns/drafts.ts';
import { onGroupDeleted } from '../groups/group-deleted.ts';
import { changeDraft } from './drafts.ts';

export async function removeGroupFromDrafts(tx: Ctx, organizationId: string, groupId: string): Promise<void> {
  const drafts = await lockDraftsWithGroup(tx.em, organizationId, groupId);
  for (const draft of drafts) await changeDraft(tx, draft, { group_ids: draft.group_ids.filter((g) => g !== groupId) });
}

onGroupDeleted(removeGroupFromDrafts);
