// GET /v1/wallet/top-ups/{id}, wallet.topUp: one of the organization's top-ups, to follow a push payment.
import type { Access } from '../../../domain/access.ts';
import type { Ctx } from '../../context.ts';
import type { TenantActor } from '../../actor.ts';
import { UUID_RE } from '../../../db/ids.ts';
import { findTopUpRequest } from '../../../db/top-ups/top-up-requests.ts';
import { topUpNotFound, topUpView } from './top-up-view.ts';

export const access: Access = { scopes: [], permission: 'wallet.read' };

export async function getTopUp(ctx: Ctx, actor: TenantActor, id: string) {
  const request = UUID_RE.test(id) ? await findTopUpRequest(ctx.em, id.toLowerCase(), { organizationId: actor.organizationId }) : null;
  if (!request) throw topUpNotFound(id);
  return { top_up: topUpView(request) };
}
