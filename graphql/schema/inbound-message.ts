// InboundMessage, with the inboundMessages and inboundMessage queries: the messages sent to the organization's
// numbers, read by the same use case as GET /v1/inbound-messages (numbers whole, a test key sees none).
import { builder } from '../builder.ts';
import { allowedBy, whoMayRead } from '../auth-scopes.ts';
import { given, namedAs } from '../arguments.ts';
import { idConnection } from '../connections.ts';
import { parseWith } from '../../core/app/validation.ts';
import { ZId } from '../../core/inputs/common.ts';
import { ZInboundFilter } from '../../core/inputs/inbound.ts';
import * as list from '../../core/app/inbound/list-inbound.ts';
import { inboundView, type InboundView } from '../../core/app/inbound/inbound-view.ts';
import { InboundKeyword } from './inbound-keyword.ts';
import { InboundMessageFilter } from './inbound-message-filter.ts';

const readsMessages = allowedBy(list.access);

export const InboundMessage = builder.objectRef<InboundView>('InboundMessage').implement({
  description: 'A message a phone sent to one of the organization’s numbers or short codes (long ones whole, their parts joined).',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The inbound message’s id (a UUID), as REST and the message.received webhook give it.' }),
    from: t.exposeString('from', { description: 'The sender: +255… for a Tanzanian mobile number (shown whole: the sender wrote to the organization), else the address as the operator gave it.' }),
    to: t.exposeString('to', { description: 'The organization’s number (+255…) or short code it was sent to.' }),
    body: t.exposeString('body', { description: 'The text as it came.' }),
    incomplete: t.exposeBoolean('incomplete', { description: 'True when some parts of a long message never came: the body holds those that did, and it is never read as a keyword.' }),
    receivedAt: t.field({ type: 'DateTime', description: 'When it was stored (UTC).', resolve: (m) => m.received_at }),
    keyword: t.field({ type: InboundKeyword, nullable: true, description: 'The keyword it was read as; null for any other message.', resolve: (m) => m.keyword }),
  }),
});

const FILTER_FIELDS: Record<string, string> = { from: 'filter.from', to: 'filter.to', since: 'filter.since', until: 'filter.until' };

builder.queryField('inboundMessages', (t) =>
  t.connection({
    type: InboundMessage,
    nullable: true,
    description: `The messages sent to the organization’s numbers, newest first. A test key sees none (inbound messages are live). ${whoMayRead(list.access)}`,
    args: { filter: t.arg({ type: InboundMessageFilter, description: 'Only the messages that match every field given.' }) },
    authScopes: readsMessages,
    resolve: (_r, args, context) =>
      namedAs(FILTER_FIELDS, async () => {
        const f = args.filter ?? {};
        const filter = parseWith(ZInboundFilter, given({ from: f.from, to: f.to, since: f.since, until: f.until }));
        return idConnection(args, async (walk) => (await list.findInbound(context.ctx, context.actor, filter, walk)).map(inboundView));
      }),
  }, { name: 'InboundMessageConnection', description: 'A page of inbound messages, newest first.' }, { name: 'InboundMessageEdge', description: 'An inbound message and its place in the list.' }),
);

builder.queryField('inboundMessage', (t) =>
  t.field({
    type: InboundMessage,
    nullable: true,
    description: `One inbound message; an unknown id, or another organization’s, is not_found. ${whoMayRead(list.access)}`,
    args: { id: t.arg.id({ required: true, description: 'The inbound message’s id (a UUID).' }) },
    authScopes: readsMessages,
    resolve: (_r, args, context) => list.getInbound(context.ctx, context.actor, parseWith(ZId, String(args.id), 'id')),
  }),
);
