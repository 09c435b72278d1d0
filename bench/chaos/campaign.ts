// One campaign a run, as a member runs one over REST: a group of fresh numbers (many ending 97, which the SMSC
// rejects), a draft, its quote, then the launch when the run's traffic starts.
import type { Random } from './random.ts';
import type { Organization } from './ops.ts';
import { SENDER } from './ops.ts';
import { sendRetrying, type Answer } from './http.ts';
import { freshNumber } from './traffic.ts';

export interface PreparedCampaign {
  organizationId: string;
  id: string;
  quoteId: string;
  phones: string[];
  launch(bases: () => readonly string[], deadline: number): Promise<Answer | null>;
}

const SETUP_DEADLINE_MS = 60_000;

/** Signs in as a client would: a refused connection or a 503 (a process restarting, the database away) is tried again. */
export async function signIn(base: string, member: { email: string; password: string }, deadline: number): Promise<Record<string, string>> {
  const { answer } = await sendRetrying(() => [base], { method: 'POST', path: '/v1/auth/sign-in', body: member }, deadline);
  if (!answer || answer.status !== 200) throw new Error(`sign-in answered ${answer?.status}: ${JSON.stringify(answer?.body)}`);
  const cookies = answer.headers.getSetCookie().map((c) => c.split(';')[0]!);
  return { cookie: cookies.join('; '), 'x-csrf-token': String((answer.body as { data: { csrf_token: string } }).data.csrf_token) };
}

/** Endings of a campaign's audience: a third REJECTD, some refused or undelivered, the rest delivered. */
function audienceEnding(random: Random): string | undefined {
  const roll = random();
  if (roll < 0.35) return '97';
  if (roll < 0.45) return '91';
  if (roll < 0.55) return '92';
  return String(random.int(10, 89));
}

export async function prepareCampaign(base: string, random: Random, seed: number, organization: Organization, size: number): Promise<PreparedCampaign> {
  if (!organization.member) throw new Error('a campaign needs a member');
  const deadline = Date.now() + SETUP_DEADLINE_MS;
  const session = await signIn(base, organization.member, deadline);
  const call = async (path: string, body: unknown, key?: string) => {
    const headers = { ...session, ...(key ? { 'x-idempotency-key': key } : {}) };
    const { answer } = await sendRetrying(() => [base], { method: 'POST', path, headers, body }, deadline);
    if (!answer || answer.status >= 300) throw new Error(`${path} answered ${answer?.status}: ${JSON.stringify(answer?.body)}`);
    return answer.body!.data as Record<string, any>;
  };
  const group = await call('/v1/groups', { name: `Chaos ${seed}` });
  const groupId = group.group.id as string;
  const phones = Array.from({ length: size }, () => freshNumber(random, audienceEnding(random)));
  for (const phone of phones) await call('/v1/contacts', { phone, group_ids: [groupId] });
  const draft = await call('/v1/campaigns', { name: `Chaos ${seed}`, sender_id: SENDER, body: `Chaos ${seed}: mavuno ni leo.`, group_ids: [groupId] }, `chaos-${seed}-draft`);
  const id = draft.campaign.id as string;
  const quote = await call(`/v1/campaigns/${id}/quote`, {}, `chaos-${seed}-quote`);
  const quoteId = quote.quote.id as string;
  return {
    organizationId: organization.id,
    id,
    quoteId,
    phones,
    async launch(bases, launchDeadline) {
      // The session is the member's on every API process (sessions live in the database).
      const { answer } = await sendRetrying(
        bases,
        { method: 'POST', path: `/v1/campaigns/${id}/launch`, headers: { ...session, 'x-idempotency-key': `chaos-${seed}-launch` }, body: { quote_id: quoteId } },
        launchDeadline,
      );
      return answer;
    },
  };
}

