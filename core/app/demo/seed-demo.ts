// The demo organization seeded on a fresh development database, with credentials to print once.
import type { Ctx } from '../context.ts';
import type { Actor } from '../actor.ts';
import { SCOPES } from '../../domain/access.ts';
import { TRAFFIC_CLASSES } from '../../domain/pricing.ts';
import { hasOrganizations } from '../../db/organizations/organizations.ts';
import { base62 } from '../auth/tokens.ts';
import { createOrganization } from '../organizations/create-organization.ts';
import { creditWallet } from '../wallet/credit-wallet.ts';
import { setPricePlan } from '../price-plans/price-plan.ts';
import { addSenderId } from '../sender-ids/add-sender-id.ts';
import { createMember } from '../members/create-member.ts';
import { createApiKey } from '../api-keys/create-api-key.ts';
import { assignInboundNumber } from '../inbound/inbound-numbers.ts';

/** The demo organization's short code: messages to it come into its inbox (`ops inbound simulate --to 15500`). */
export const DEMO_SHORT_CODE = '15500';

const operator: Actor = { kind: 'operator' };

export async function needsDemo(ctx: Ctx): Promise<boolean> {
  return !(await hasOrganizations(ctx.em));
}

export async function seedDemo(ctx: Ctx) {
  const { organization } = await createOrganization(ctx, operator, { name: 'Demo Duka Ltd', verified: true });
  const organizationId = organization.id;
  await creditWallet(ctx, operator, { organizationId, amount: 5_000_000n, reference: 'demo opening balance' });
  await setPricePlan(ctx, operator, { organizationId, transactional: 2000n, promotional: 2500n });
  await addSenderId(ctx, operator, { organizationId, name: 'UJUMBE', classes: [...TRAFFIC_CLASSES], routeApproved: true });
  const email = 'owner@demo.ujumbe.test';
  const password = `Demo-${base62(16)}`;
  await createMember(ctx, operator, organizationId, { email, password, role: 'owner', name: 'Demo Owner' });
  const scopes = [...SCOPES];
  const test = await createApiKey(ctx, operator, organizationId, { name: 'Demo test key', mode: 'test', scopes, expires_in_days: 365 });
  const live = await createApiKey(ctx, operator, organizationId, { name: 'Demo live key', mode: 'live', scopes, expires_in_days: 365 });
  const { number } = await assignInboundNumber(ctx, operator, { organizationId, number: DEMO_SHORT_CODE });
  return { organization, member: { email, password, role: 'owner' }, testKey: test.secret, liveKey: live.secret, shortCode: number.number };
}
