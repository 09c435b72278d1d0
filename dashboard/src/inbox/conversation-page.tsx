// One conversation: the number's messages and the organization's replies to it, oldest first, each reply with its
// status; opening it marks the number's messages read. The reply box sends a transactional message to the number.
import { useEffect } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryClient, trpc, type Outputs } from '../trpc.ts';
import { useCan } from '../session.tsx';
import type { PageProps } from '../routes.tsx';
import { href } from '../router.ts';
import { formatDateTime } from '../format/time.ts';
import { Page } from '../shell/page.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { MessageStatusBadge } from '../messages/message-badges.tsx';
import { ReplyBox } from './reply-box.tsx';
import './inbox.css';

type Item = Outputs['inbox']['thread']['items'][number];

export function ConversationPage({ params }: PageProps) {
  const { t } = useTranslation('inbox');
  const can = useCan();
  const phone = params.phone ?? '';
  const thread = useQuery(trpc.inbox.thread.queryOptions({ phone }));
  const markRead = useMutation(trpc.inbox.markRead.mutationOptions({ onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.inbox.conversations.pathKey() }) }));
  const { mutate } = markRead;
  useEffect(() => mutate({ phone }), [mutate, phone]);

  return (
    <Page title={t('thread.title', { phone })}>
      <p>
        <a href={href('/inbox')}>{t('thread.back')}</a>
      </p>
      <QueryState query={thread} label={t('thread.loading')}>
        {(data) => (
          <>
            {data.truncated && <p className="hint">{t('thread.truncated')}</p>}
            <ol className="inbox-thread" aria-label={t('thread.caption', { phone })}>
              {data.items.map((item) => (
                <ThreadItem key={item.id} item={item} />
              ))}
            </ol>
          </>
        )}
      </QueryState>
      {can('messages.send') && <ReplyBox phone={phone} />}
    </Page>
  );
}

function ThreadItem({ item }: { item: Item }) {
  const { t } = useTranslation('inbox');
  if (item.direction === 'in') {
    return (
      <li className="inbox-in">
        <p className="inbox-body">{item.body}</p>
        <p className="inbox-meta">
          {t('thread.received', { at: formatDateTime(item.at), to: item.to })}
          {(item.keyword === 'opt_out' || item.keyword === 'opt_in') && <span className="badge">{t(`thread.keywords.${item.keyword}`)}</span>}
          {item.incomplete && <span className="badge">{t('thread.incomplete')}</span>}
        </p>
      </li>
    );
  }
  return (
    <li className="inbox-out">
      <p className="inbox-body">{item.body}</p>
      <p className="inbox-meta">
        <a href={href(`/messages/${item.id}`)}>{t('thread.sent', { at: formatDateTime(item.at), from: item.from })}</a> <MessageStatusBadge status={item.status} />
      </p>
    </li>
  );
}
