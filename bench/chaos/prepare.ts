// What a run needs before its faults: its organizations (through the operator CLI), its campaign quoted and ready
// to launch, and its plans (faults and sends) drawn from its seed. Made while the run before it settles.
import { seeded } from './random.ts';
import type { World } from './world.ts';
import { provisionOrganization, type Organization } from './ops.ts';
import { prepareCampaign, type PreparedCampaign } from './campaign.ts';
import { planSends, type PlannedSend } from './traffic.ts';
import { planFaults, type FaultPlan } from './faults.ts';
import { accountsOf, planNotices, type PlannedNotice } from './paybill.ts';
import { preparePushes, type PreparedPushes } from './push.ts';
import { planInbound, type InboundPlan } from './inbound.ts';
import { setUpInbound } from './inbound-db.ts';

export interface RunOptions {
  seed: number;
  /** Single messages sent over the traffic phase. */
  messages: number;
  /** Paybill notices posted over the traffic phase (each announced one to three times). */
  notices: number;
  /** Push payments by a billing member of the second organization (0: none). */
  pushes: number;
  /** Messages from handsets the SMSC sends over the traffic phase, keywords aside (0: none at all). */
  inbound: number;
  /** Recipients of the run's campaign (0: none). */
  campaignSize: number;
  /** How long the traffic and the faults' start moments spread. */
  phaseMs: number;
  /** How long after the faults end (and the traffic is answered) every message must be settled. */
  boundMs: number;
  /** How long after the later of their acknowledgment and the end of the faults receipts must have settled their message. */
  receiptBoundMs: number;
}

export interface PreparedRun {
  options: RunOptions;
  organizations: Organization[];
  campaign: PreparedCampaign | null;
  faults: FaultPlan;
  sends: PlannedSend[];
  notices: PlannedNotice[];
  pushes: PreparedPushes | null;
  /** Messages from handsets, with the short codes and address books they need (set up). */
  inbound: InboundPlan | null;
  /** The SMSC's random source for the run. */
  smscRandom: () => number;
  setupMs: number;
}

export async function prepareRun(world: World, options: RunOptions): Promise<PreparedRun> {
  const started = Date.now();
  const random = seeded(options.seed);
  const name = `Chaos ${options.seed}`;
  const organizations = await Promise.all([
    provisionOrganization(world.db.url, `${name} A`, options.campaignSize > 0 ? 'marketer' : null),
    provisionOrganization(world.db.url, `${name} B`, options.pushes > 0 ? 'billing' : null),
  ]);
  const campaign =
    options.campaignSize > 0 ? await prepareCampaign(world.apis()[0]!, random.fork('campaign'), options.seed, organizations[0]!, options.campaignSize) : null;
  const pushes = options.pushes > 0 ? await preparePushes(world.apis()[0]!, random.fork('push'), options.seed, organizations[1]!, options.pushes, options.phaseMs) : null;
  const accounts = options.notices > 0 ? await accountsOf(() => world.apis(), organizations) : [];
  const targets = { workers: world.fleet.filter((p) => p.runsWorkers).map((p) => p.name), processes: world.fleet.map((p) => p.name) };
  const faults = planFaults(random.fork('faults'), options.phaseMs, targets, world.options.submitTimeoutMs);
  const inbound = options.inbound > 0 ? planInbound(random.fork('inbound'), options.seed, organizations, options.inbound, options.phaseMs, faults.events) : null;
  if (inbound) await setUpInbound(world.db.url, world.apis()[0]!, organizations, inbound);
  return {
    options,
    organizations,
    campaign,
    faults,
    sends: planSends(random.fork('traffic'), options.seed, organizations, options.messages, options.phaseMs),
    pushes,
    inbound,
    notices: planNotices(random.fork('paybill'), options.seed, accounts, options.notices, options.phaseMs),
    smscRandom: random.fork('smsc'),
    setupMs: Date.now() - started,
  };
}
