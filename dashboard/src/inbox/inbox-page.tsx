// The inbox: one conversation a number that wrote to the organization, the latest first, with its last message and
// how many are unread; each opens its thread.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { trpc } from '../trpc.ts';
import { href } from '../router.ts';
import { formatDateTime } from '../format/time.ts';
import { Page } from '../shell/page.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { Pager, useKeysetPages } from '../ui/pager.tsx';
import './inbox.css';

const PAGE_SIZE = 25;

export function InboxPage() {
  const { t } = useTranslation('inbox');
  const pages = useKeysetPages('inbox');
  const conversations = useQuery(trpc.inbox.conversations.queryOptions({ limit: PAGE_SIZE, before: pages.before }));
  return (
    <Page title={t('title')}>
      <p className="lead">{t('lead')}</p>
      <QueryState query={conversations} label={t('conversations.loading')}>
        {(data) =>
          data.conversations.length === 0 ? (
            <p className="empty">{t('conversations.empty')}</p>
          ) : (
            <>
              <ul className="inbox-conversations card" aria-label={t('conversations.caption')}>
                {data.conversations.map((c) => (
                  <li key={c.phone} className={c.unread > 0 ? 'inbox-unread' : undefined}>
                    <a href={href(`/inbox/${encodeURIComponent(c.phone)}`)} aria-label={t('conversations.open', { phone: c.phone })}>
                      <span className="inbox-phone nowrap">{c.phone}</span>
                      <span className="inbox-last">{c.last_message.body}</span>
                      <span className="inbox-meta">
                        <time dateTime={c.last_message.received_at}>{formatDateTime(c.last_message.received_at)}</time>
                        {c.unread > 0 && <span className="badge badge-unread">{t('conversations.unread', { count: c.unread })}</span>}
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
              <Pager label={t('conversations.more')} pages={pages} next={data.next_before} />
            </>
          )
        }
      </QueryState>
    </Page>
  );
}
