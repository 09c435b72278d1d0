// Members: who belongs to the organization and with which role; add one, change a role, remove one.
import type { PageProps } from '../routes.tsx';
import { trpc, type Outputs } from '../trpc.ts';
import { useSession } from '../session.tsx';
import { formatDateTime } from '../format/time.ts';
import { humanize } from '../format/text.ts';
import { Page } from '../shell/page.tsx';
import type { Column } from '../ui/data-table.tsx';
import { FilteredList } from '../ui/filtered-list.tsx';
import { MemberForm } from './member-form.tsx';
import { MemberActions } from './member-actions.tsx';
import '../styles/admin.css';

type Member = Outputs['members']['list']['members'][number];

const PAGE_SIZE = 50;

export function MembersPage({ query }: PageProps) {
  const me = useSession().member;
  const columns = (all: readonly Member[]): Column<Member>[] => [
    { header: 'Email', cell: (m) => (m.id === me.id ? `${m.email} (you)` : m.email) },
    { header: 'Name', cell: (m) => m.name ?? '—' },
    { header: 'Role', cell: (m) => humanize(m.role) },
    { header: 'Added', cell: (m) => formatDateTime(m.created_at) },
    // The key follows the role, so that the row's choice starts again from the role the service answered.
    { header: 'Actions', cell: (m) => <MemberActions key={`${m.id}-${m.role}`} member={m} self={m.id === me.id} members={all} /> },
  ];
  return (
    <Page title="Members">
      <section aria-labelledby="members-heading">
        <h2 id="members-heading">Current members</h2>
        <FilteredList
          path="/members"
          query={query}
          filters={[]}
          noun="members"
          list={(_, before) => trpc.members.list.queryOptions({ limit: PAGE_SIZE, ...(before ? { before } : {}) })}
          rows={(data) => data.members}
          next={(data) => data.next_before}
          columns={(data) => columns(data.members)}
          rowKey={(r) => r.id}
          caption="Members of the organization"
          empty="No member."
        />
      </section>
      <section className="card" aria-labelledby="add-member-heading">
        <h2 id="add-member-heading">Add a member</h2>
        <MemberForm />
      </section>
    </Page>
  );
}
