// Members: who belongs to the organization and with which role; invite one by link, follow the invitations, change
// a role, remove a member; and what each role may do.
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../routes.tsx';
import { trpc, type Outputs } from '../trpc.ts';
import { useSession } from '../session.tsx';
import { formatDateTime } from '../format/time.ts';
import { Page } from '../shell/page.tsx';
import type { Column } from '../ui/data-table.tsx';
import { FilteredList } from '../ui/filtered-list.tsx';
import { InviteForm } from './invite-form.tsx';
import { InvitationsList } from './invitations-list.tsx';
import { RolesSection } from './role-permissions.tsx';
import { MemberActions } from './member-actions.tsx';
import '../styles/admin.css';

type Member = Outputs['members']['list']['members'][number];

const PAGE_SIZE = 50;

export function MembersPage({ query }: PageProps) {
  const { t } = useTranslation(['people', 'codes']);
  const me = useSession().member;
  const columns = (all: readonly Member[]): Column<Member>[] => [
    { header: t('members.columns.email'), cell: (m) => (m.id === me.id ? t('members.you', { email: m.email }) : m.email) },
    { header: t('members.columns.name'), cell: (m) => m.name ?? '—' },
    { header: t('members.columns.role'), cell: (m) => t(`codes:${m.role}`) },
    { header: t('members.columns.added'), cell: (m) => formatDateTime(m.created_at) },
    // The key follows the role, so that the row's choice starts again from the role the service answered.
    { header: t('members.columns.actions'), cell: (m) => <MemberActions key={`${m.id}-${m.role}`} member={m} self={m.id === me.id} members={all} /> },
  ];
  return (
    <Page title={t('members.title')}>
      <section aria-labelledby="members-heading">
        <h2 id="members-heading">{t('members.current')}</h2>
        <FilteredList
          path="/members"
          query={query}
          filters={[]}
          noun={t('members.noun')}
          list={(_, before) => trpc.members.list.queryOptions({ limit: PAGE_SIZE, ...(before ? { before } : {}) })}
          rows={(data) => data.members}
          next={(data) => data.next_before}
          columns={(data) => columns(data.members)}
          rowKey={(r) => r.id}
          caption={t('members.caption')}
          empty={t('members.empty')}
        />
      </section>
      <section className="card" aria-labelledby="invite-member-heading">
        <h2 id="invite-member-heading">{t('invite.heading')}</h2>
        <InviteForm />
      </section>
      <section aria-labelledby="invitations-heading">
        <h2 id="invitations-heading">{t('invitations.heading')}</h2>
        <InvitationsList query={query} />
      </section>
      <RolesSection />
    </Page>
  );
}
