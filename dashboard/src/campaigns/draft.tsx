// A draft's page: what it will send and to whom, editing and discarding it, and its quote (then its launch).
import { useQuery } from '@tanstack/react-query';
import { queryClient, trpc } from '../trpc.ts';
import { href, navigate } from '../router.ts';
import { useCan } from '../session.tsx';
import { formatDateTime } from '../format/time.ts';
import { formatEncoding, humanize, plural } from '../format/text.ts';
import { ConfirmAction } from '../ui/confirm-action.tsx';
import { Stats } from '../ui/stats.tsx';
import { CampaignQuote } from './quote.tsx';
import { DEFAULT_VALIDITY_HOURS } from './schedule.tsx';
import type { Campaign } from './campaign-form.tsx';
import { useAction } from '../ui/use-action.ts';

export function CampaignDraft({ campaign }: { campaign: Campaign }) {
  const can = useCan();
  return (
    <>
      <section className="card" aria-labelledby="draft-heading">
        <h2 id="draft-heading">Draft</h2>
        <CampaignSummary campaign={campaign} />
        {can('campaigns.write') && (
          <div className="campaign-actions">
            <a className="button button-secondary" href={href(`/campaigns/${campaign.id}/edit`)}>
              Edit draft
            </a>
            <DiscardDraft campaign={campaign} />
          </div>
        )}
      </section>
      <CampaignQuote campaign={campaign} />
    </>
  );
}

/** What the campaign sends, from whom, to which groups, when and for how long. */
export function CampaignSummary({ campaign: c }: { campaign: Campaign }) {
  const can = useCan();
  // Group names come from the address book, which some roles that read campaigns cannot open.
  const groups = useQuery({ ...trpc.groups.list.queryOptions(), enabled: can('contacts.read') });
  const names = groups.data ? c.group_ids.map((id) => groups.data.groups.find((g) => g.id === id)?.name ?? 'A deleted group') : null;
  return (
    <>
      <Stats
        items={[
          { label: 'Traffic class', value: humanize(c.traffic_class) },
          { label: 'Sender ID', value: c.sender_id },
          { label: 'Message size', value: `${plural(c.segments, 'segment')}, ${formatEncoding(c.encoding)}` },
          { label: 'Start', value: c.scheduled_at ? formatDateTime(c.scheduled_at) : 'When launched' },
          { label: 'Validity', value: c.validity_seconds === null ? `${DEFAULT_VALIDITY_HOURS} hours (default)` : plural(c.validity_seconds / 3600, 'hour') },
        ]}
      />
      <h3>Groups</h3>
      {c.group_ids.length === 0 ? (
        <p className="empty">No group chosen yet.</p>
      ) : names ? (
        <ul className="campaign-group-names">
          {names.map((name, i) => (
            <li key={c.group_ids[i]}>{name}</li>
          ))}
        </ul>
      ) : (
        <p>{plural(c.group_ids.length, 'group')}</p>
      )}
      <h3>Message</h3>
      <p className="message-body">{c.body}</p>
    </>
  );
}

function DiscardDraft({ campaign }: { campaign: Campaign }) {
  const discard = useAction(trpc.campaigns.discard.mutationOptions(), {
    invalidates: [trpc.campaigns.list.queryKey()],
    onSuccess: (answer) => {
      queryClient.setQueryData(trpc.campaigns.get.queryKey({ id: campaign.id }), { campaign: answer.campaign });
      navigate('/campaigns');
    },
  });
  return (
    <ConfirmAction
      label="Discard draft"
      question={`Discard “${campaign.name}”? A discarded draft cannot be edited, quoted or launched.`}
      confirmLabel={discard.isPending ? 'Discarding…' : 'Yes, discard it'}
      cancelLabel="Keep the draft"
      pending={discard.isPending}
      error={discard.error}
      onConfirm={() => discard.run({ id: campaign.id })}
    />
  );
}
