// A draft's page: what it will send and to whom, editing and discarding it, and its quote (then its launch).
import { useQuery } from '@tanstack/react-query';
import { queryClient, trpc } from '../trpc.ts';
import { href, navigate } from '../router.ts';
import { useCan } from '../session.tsx';
import { formatDateTime } from '../format/time.ts';
import { ConfirmAction } from '../ui/confirm-action.tsx';
import { Stats } from '../ui/stats.tsx';
import { CampaignQuote } from './quote.tsx';
import { DEFAULT_VALIDITY_HOURS } from './schedule.tsx';
import type { Campaign } from './campaign-form.tsx';
import { useAction } from '../ui/use-action.ts';
import { useCampaignWords } from './words.ts';

export function CampaignDraft({ campaign }: { campaign: Campaign }) {
  const t = useCampaignWords();
  const can = useCan();
  return (
    <>
      <section className="card" aria-labelledby="draft-heading">
        <h2 id="draft-heading">{t('draft.heading')}</h2>
        <CampaignSummary campaign={campaign} />
        {can('campaigns.write') && (
          <div className="campaign-actions">
            <a className="button button-secondary" href={href(`/campaigns/${campaign.id}/edit`)}>
              {t('draft.edit')}
            </a>
            <DiscardDraft campaign={campaign} />
          </div>
        )}
      </section>
      <CampaignQuote campaign={campaign} />
    </>
  );
}

/**
 * What the campaign sends, from whom, to which groups and (before its launch, whose own figures say it after) when
 * and for how long.
 */
export function CampaignSummary({ campaign: c, schedule = true }: { campaign: Campaign; schedule?: boolean }) {
  const t = useCampaignWords();
  const can = useCan();
  // Group names come from the address book, which some roles that read campaigns cannot open.
  const groups = useQuery({ ...trpc.groups.list.queryOptions(), enabled: can('contacts.read') });
  const names = groups.data ? c.group_ids.map((id) => groups.data.groups.find((g) => g.id === id)?.name ?? t('summary.deletedGroup')) : null;
  const when = [
    { label: t('summary.start'), value: c.scheduled_at ? formatDateTime(c.scheduled_at) : t('whenLaunched') },
    {
      label: t('summary.validity'),
      value: c.validity_seconds === null ? t('summary.defaultValidity', { count: DEFAULT_VALIDITY_HOURS }) : t('summary.hours', { count: c.validity_seconds / 3600 }),
    },
  ];
  return (
    <>
      <Stats
        items={[
          { label: t('summary.trafficClass'), value: t(`codes:${c.traffic_class}`) },
          { label: t('summary.senderId'), value: c.sender_id },
          { label: t('summary.size'), value: t('summary.segments', { count: c.segments, encoding: t(`codes:${c.encoding}`) }) },
          ...(schedule ? when : []),
        ]}
      />
      <h3>{t('summary.groups')}</h3>
      {c.group_ids.length === 0 ? (
        <p className="empty">{t('summary.noGroup')}</p>
      ) : names ? (
        <ul className="campaign-group-names">
          {names.map((name, i) => (
            <li key={c.group_ids[i]}>{name}</li>
          ))}
        </ul>
      ) : (
        <p>{t('summary.groupCount', { count: c.group_ids.length })}</p>
      )}
      <h3>{t('summary.message')}</h3>
      <p className="message-body">{c.body}</p>
    </>
  );
}

function DiscardDraft({ campaign }: { campaign: Campaign }) {
  const t = useCampaignWords();
  const discard = useAction(trpc.campaigns.discard.mutationOptions(), {
    invalidates: [trpc.campaigns.list.queryKey()],
    onSuccess: (answer) => {
      queryClient.setQueryData(trpc.campaigns.get.queryKey({ id: campaign.id }), { campaign: answer.campaign });
      navigate('/campaigns');
    },
  });
  return (
    <ConfirmAction
      label={t('draft.discard')}
      question={t('draft.discardQuestion', { name: campaign.name })}
      confirmLabel={discard.isPending ? t('draft.discarding') : t('draft.discardConfirm')}
      cancelLabel={t('draft.keep')}
      pending={discard.isPending}
      error={discard.error}
      onConfirm={() => discard.run({ id: campaign.id })}
    />
  );
}
