// MessageAttempt: one submission of a message to an operator.
import { builder } from '../builder.ts';
import type { MessageDetail } from '../../core/app/messages/message-view.ts';

export const MessageAttempt = builder.objectRef<MessageDetail['attempts'][number]>('MessageAttempt').implement({
  description: 'One hand-over of a message to an operator’s SMS centre. A message is handed over again only when none of it can have left.',
  fields: (t) => ({
    number: t.exposeInt('number', { description: 'The attempt’s number, from 1.' }),
    state: t.exposeString('state', {
      description: 'submitting (on its way), submitted (the operator accepted it), refused (the operator said no), ambiguous (no answer: it may have left) or not_sent (it never left; it was queued again).',
    }),
    detail: t.exposeString('detail', { nullable: true, description: 'What the operator answered, or why there was no answer; null when there is nothing to add.' }),
    startedAt: t.field({ type: 'DateTime', nullable: true, description: 'When the hand-over began (UTC).', resolve: (a) => a.started_at }),
    bind: t.exposeString('bind', { nullable: true, description: 'The SMSC bind that carried it (an operator’s name such as vodacom-1); null when it reached no SMSC.' }),
    finishedAt: t.field({ type: 'DateTime', nullable: true, description: 'When the operator answered or the wait gave up (UTC); null while it is on its way.', resolve: (a) => a.finished_at }),
  }),
});
