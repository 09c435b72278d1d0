// MessageAttempt: one submission of a message to an operator.
import { builder } from '../builder.ts';
import type { MessageDetail } from '../../core/app/messages/message-view.ts';

export const MessageAttempt = builder.objectRef<MessageDetail['attempts'][number]>('MessageAttempt').implement({
  fields: (t) => ({
    number: t.exposeInt('number'),
    state: t.exposeString('state'),
    detail: t.exposeString('detail', { nullable: true }),
    startedAt: t.field({ type: 'DateTime', nullable: true, resolve: (a) => a.started_at }),
    finishedAt: t.field({ type: 'DateTime', nullable: true, resolve: (a) => a.finished_at }),
  }),
});
