// Cancelling a scheduled or sending campaign (campaigns.cancel) after a confirmation, and the cancel's report:
// recipients not yet sent cancelled, messages queued at the cancel, and those already with the operator.
import { queryClient, trpc, type Outputs } from '../trpc.ts';
import { useCan } from '../session.tsx';
import { ConfirmAction } from '../ui/confirm-action.tsx';
import { Stats } from '../ui/stats.tsx';
import type { Campaign } from './campaign-form.tsx';
import { useAction } from '../ui/use-action.ts';
import { formatCount } from '../format/locale.ts';
import { useCampaignWords } from './words.ts';

type CancelReport = Outputs['campaigns']['cancel']['cancel'];

export function CampaignCancel({ campaign }: { campaign: Campaign }) {
  const t = useCampaignWords();
  const can = useCan();
  const cancel = useAction(trpc.campaigns.cancel.mutationOptions(), {
    invalidates: [trpc.campaigns.list.queryKey(), trpc.wallet.pathKey()],
    onSuccess: (answer) => queryClient.setQueryData(trpc.campaigns.get.queryKey({ id: campaign.id }), { campaign: answer.campaign }),
  });
  const cancellable = campaign.status === 'scheduled' || campaign.status === 'sending';
  if (cancel.data) return <CancelReportView report={cancel.data.cancel} replay={cancel.data.replay} />;
  // A campaign cancelled earlier (another visit, another member) keeps its report.
  if (campaign.launch?.cancel_report) return <CancelReportView report={campaign.launch.cancel_report} replay={false} />;
  if (!cancellable || !can('campaigns.launch')) return null;

  return (
    <section className="card" aria-labelledby="cancel-heading">
      <h2 id="cancel-heading">{t('cancel.heading')}</h2>
      <ConfirmAction
        label={t('cancel.action')}
        question={t('cancel.question', { name: campaign.name })}
        details={<p>{t('cancel.details')}</p>}
        confirmLabel={t('cancel.confirm')}
        cancelLabel={t('cancel.keep')}
        pending={cancel.isPending}
        error={cancel.error}
        onConfirm={() => cancel.run({ id: campaign.id })}
      />
    </section>
  );
}

function CancelReportView({ report, replay }: { report: CancelReport; replay: boolean }) {
  const t = useCampaignWords();
  return (
    <section className="card" aria-labelledby="cancel-report-heading">
      <h2 id="cancel-report-heading">{t('cancel.report')}</h2>
      <div className="alert alert-success" role="status">
        <p>{replay ? t('cancel.replay') : t('cancel.done')}</p>
      </div>
      <Stats
        items={[
          { label: t('cancel.pendingCancelled'), value: formatCount(report.pending_cancelled) },
          { label: t('cancel.queuedAtCancel'), value: formatCount(report.queued_at_cancel) },
          { label: t('cancel.inFlight'), value: formatCount(report.in_flight_at_cancel) },
        ]}
      />
      <p className="hint">{t('cancel.hint')}</p>
    </section>
  );
}
