// Cancelling a scheduled or sending campaign (campaigns.cancel) after a confirmation, and the cancel's report:
// recipients not yet sent cancelled, messages queued at the cancel, and those already with the operator.
import { queryClient, trpc, type Outputs } from '../trpc.ts';
import { useCan } from '../session.tsx';
import { ConfirmAction } from '../ui/confirm-action.tsx';
import { Stats } from '../ui/stats.tsx';
import type { Campaign } from './campaign-form.tsx';
import { useAction } from '../ui/use-action.ts';

type CancelReport = Outputs['campaigns']['cancel']['cancel'];

export function CampaignCancel({ campaign }: { campaign: Campaign }) {
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
      <h2 id="cancel-heading">Cancel</h2>
      <ConfirmAction
        label="Cancel campaign"
        question={`Cancel “${campaign.name}”?`}
        details={
          <p>
            Recipients not sent yet are cancelled and their money released at once. Messages already handed to the operator cannot be called back: they
            are still sent and charged.
          </p>
        }
        confirmLabel="Yes, cancel the campaign"
        cancelLabel="Keep it going"
        pending={cancel.isPending}
        error={cancel.error}
        onConfirm={() => cancel.run({ id: campaign.id })}
      />
    </section>
  );
}

function CancelReportView({ report, replay }: { report: CancelReport; replay: boolean }) {
  return (
    <section className="card" aria-labelledby="cancel-report-heading">
      <h2 id="cancel-report-heading">Cancel report</h2>
      <div className="alert alert-success" role="status">
        <p>{replay ? 'The campaign had already been cancelled; this is what its cancel did.' : 'The campaign is cancelled.'}</p>
      </div>
      <Stats
        items={[
          { label: 'Pending cancelled', value: report.pending_cancelled.toLocaleString('en-US') },
          { label: 'Queued at cancel', value: report.queued_at_cancel.toLocaleString('en-US') },
          { label: 'In flight', value: report.in_flight_at_cancel.toLocaleString('en-US') },
        ]}
      />
      <p className="hint">
        Pending recipients and queued messages were cancelled and their money released. Messages in flight were already with the operator: they finish,
        and are charged if the operator accepts them.
      </p>
    </section>
  );
}
