// The organization's invitations with their state; a pending one may be withdrawn (its link stops working).
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../routes.tsx';
import { trpc, type Outputs } from '../trpc.ts';
import { formatDateTime } from '../format/time.ts';
import type { Column } from '../ui/data-table.tsx';
import { FilteredList } from '../ui/filtered-list.tsx';
import { ConfirmAction } from '../ui/confirm-action.tsx';
import { StateBadge } from '../ui/state-badge.tsx';
import { useAction } from '../ui/use-action.ts';

type Invitation = Outputs['members']['invitations']['invitations'][number];

const PAGE_SIZE = 50;

function Withdraw({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation('people');
  const revoke = useAction(trpc.members.revokeInvitation.mutationOptions(), { invalidates: [trpc.members.pathKey()] });
  if (invitation.state !== 'pending') return <span className="hint">{t('none')}</span>;
  return (
    <ConfirmAction
      label={t('invitations.revoke')}
      name={t('invitations.revokeWho', { email: invitation.email })}
      question={t('invitations.revokeQuestion', { email: invitation.email })}
      confirmLabel={t('invitations.confirmRevoke')}
      cancelLabel={t('cancel')}
      pending={revoke.isPending}
      onConfirm={() => revoke.run({ id: invitation.id })}
      error={revoke.error}
    />
  );
}

export function InvitationsList({ query }: Pick<PageProps, 'query'>) {
  const { t } = useTranslation(['people', 'codes']);
  const columns: Column<Invitation>[] = [
    { header: t('invitations.columns.email'), cell: (i) => i.email },
    { header: t('invitations.columns.role'), cell: (i) => t(`codes:${i.role}`) },
    { header: t('invitations.columns.state'), cell: (i) => <StateBadge state={i.state === 'pending' ? 'pending' : i.state} text={t(`invitations.states.${i.state}`)} /> },
    { header: t('invitations.columns.invited'), cell: (i) => formatDateTime(i.created_at) },
    { header: t('invitations.columns.expires'), cell: (i) => formatDateTime(i.expires_at) },
    { header: t('invitations.columns.actions'), cell: (i) => <Withdraw invitation={i} /> },
  ];
  return (
    <FilteredList
      path="/members/invitations"
      query={query}
      filters={[]}
      noun={t('invitations.noun')}
      list={(_, before) => trpc.members.invitations.queryOptions({ limit: PAGE_SIZE, ...(before ? { before } : {}) })}
      rows={(data) => data.invitations}
      next={(data) => data.next_before}
      columns={() => columns}
      rowKey={(r) => r.id}
      caption={t('invitations.caption')}
      empty={t('invitations.empty')}
    />
  );
}
