// What a launched campaign shows beside its launch: its money from its ledger entries and its delivery from the
// delivery report's buckets (deliveryReport by CAMPAIGN; the same counts as its recipients' statuses), for one
// campaign or a page, each in one statement whatever the campaigns' sizes.
import type { Ctx } from '../context.ts';
import { campaignDelivery, campaignMoney } from '../../domain/campaign-figures.ts';
import { cents } from '../../domain/values.ts';
import { sumCampaignLedgers } from '../../db/campaigns/campaign-money.ts';
import { sumCampaignOutcomes } from '../../db/reports/campaign-outcomes.ts';

export interface LaunchFigures {
  money: { reserved: number; captured: number; released: number; held: number; currency: 'TZS' };
  delivery: { delivered: number; undelivered: number; failed: number; answered: number; rate: number | null };
}

interface Launchable {
  id: string;
  launch: object | null;
}

/** The figures of every launched campaign of the list (two statements, whatever its length), by campaign id. */
export async function figuresOf(ctx: Ctx, organizationId: string, campaigns: readonly Launchable[]) {
  const launched = campaigns.filter((c) => c.launch !== null);
  const figures = new Map<string, LaunchFigures>();
  if (launched.length === 0) return figures;
  const sums = new Map((await sumCampaignLedgers(ctx.em, organizationId, launched.map((c) => c.id))).map((s) => [s.campaign_id, s]));
  const outcomes = new Map((await sumCampaignOutcomes(ctx.em, organizationId, launched.map((c) => c.id))).map((o) => [o.campaign_id, o]));
  for (const c of launched) {
    const s = sums.get(c.id);
    const money = campaignMoney({ hold: BigInt(s?.hold ?? 0), capture: BigInt(s?.capture ?? 0), release: BigInt(s?.release ?? 0), refund: BigInt(s?.refund ?? 0) });
    figures.set(c.id, {
      money: { reserved: cents(money.reserved), captured: cents(money.captured), released: cents(money.released), held: cents(money.held), currency: 'TZS' },
      delivery: campaignDelivery(outcomes.get(c.id) ?? { delivered: 0, undelivered: 0, failed: 0 }),
    });
  }
  return figures;
}

/** The campaigns with their launch's figures added (money and delivery); a campaign not launched is left as it is. */
export async function withFigures<T extends Launchable>(ctx: Ctx, organizationId: string, campaigns: T[]): Promise<T[]> {
  const figures = await figuresOf(ctx, organizationId, campaigns);
  return campaigns.map((c) => {
    const f = figures.get(c.id);
    return f && c.launch ? { ...c, launch: { ...c.launch, ...f } } : c;
  });
}
