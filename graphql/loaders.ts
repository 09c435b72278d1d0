// Per-request batch loaders: what many nodes of one answer ask for is read by one statement (no N+1).
import DataLoader from 'dataloader';
import type { GqlContext } from './builder.ts';
import { messageDetails } from '../core/app/messages/message-view.ts';

type Details = Awaited<ReturnType<typeof messageDetails>> extends Map<string, infer D> ? D : never;

const perRequest = new WeakMap<GqlContext, { messageDetails: DataLoader<string, Details> }>();

export function loaders(context: GqlContext) {
  let found = perRequest.get(context);
  if (!found) {
    found = {
      messageDetails: new DataLoader(async (ids: readonly string[]) => {
        const details = await messageDetails(context.ctx, context.actor.organizationId, ids);
        return ids.map((id) => details.get(id)!);
      }),
    };
    perRequest.set(context, found);
  }
  return found;
}
