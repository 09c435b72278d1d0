// What else must change when a group is deleted (campaign drafts that use it), run in the deleting transaction.
import type { Ctx } from '../context.ts';

export type GroupDeletedHandler = (tx: Ctx, organizationId: string, groupId: string) => Promise<void>;

const handlers: GroupDeletedHandler[] = [];

/** Registered once at import time by the modules that hold references to groups. */
export function onGroupDeleted(handler: GroupDeletedHandler): void {
  handlers.push(handler);
}

export async function groupDeleted(tx: Ctx, organizationId: string, groupId: string): Promise<void> {
  for (const handler of handlers) await handler(tx, organizationId, groupId);
}
