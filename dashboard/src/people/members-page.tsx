// Members: who belongs to the organization and with which role; add one, change a role, remove one.
import { useQuery } from '@tanstack/react-query';
import { trpc, type Outputs } from '../trpc.ts';
import { useSession } from '../session.tsx';
import { formatDateTime } from '../format/time.ts';
import { humanize } from '../format/text.ts';
import { Page } from '../shell/page.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { DataTable, type Column } from '../ui/data-table.tsx';
import { Pager, useKeysetPages } from '../ui/pager.tsx';
import { MemberForm } from './member-form.tsx';
import { MemberActions } from './member-actions.tsx';
import '../styles/admin.css';

type Member = Outputs['members']['list']['members'][number];

const PAGE_SIZE = 50;

export function MembersPage() {
  const me = useSession().member;
  const pages = useKeysetPages('');
  const members = useQuery(trpc.members.list.queryOptions({ limit: PAGE_SIZE, ...(pages.before ? { before: pages.before } : {}) }));
  const columns: Column<Member>[] = [
    { header: 'Email', cell: (m) => (m.id === me.id ? `${m.email} (you)` : m.email) },
    { header: 'Name', cell: (m) => m.name ?? '—' },
    { header: 'Role', cell: (m) => humanize(m.role) },
    { header: 'Added', cell: (m) => formatDateTime(m.created_at) },
    // The key follows the role, so that the row's choice starts again from the role the service answered.
    { header: 'Actions', cell: (m) => <MemberActions key={`${m.id}-${m.role}`} member={m} self={m.id === me.id} members={members.data?.members ?? []} /> },
  ];
  return (
    <Page title="Members">
      <section aria-labelledby="members-heading">
        <h2 id="members-heading">Current members</h2>
        <QueryState query={members} label="Loading the members">
          {(data) => (
            <>
              <DataTable caption="Members of the organization" columns={columns} rows={data.members} rowKey={(m) => m.id} empty="No member." />
              <Pager label="Pages of members" pages={pages} next={data.next_before} />
            </>
          )}
        </QueryState>
      </section>
      <section className="card" aria-labelledby="add-member-heading">
        <h2 id="add-member-heading">Add a member</h2>
        <MemberForm />
      </section>
    </Page>
  );
}
