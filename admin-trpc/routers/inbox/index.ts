// inbox: inbound messages (list, get), conversations with their threads and read marks, and the keywords.
import { router } from '../../trpc.ts';
import { getInbound, listInbound } from './list-inbound.ts';
import { conversations, markRead, thread } from './conversations.ts';
import { keywords, setKeywords } from './keywords.ts';

export const inboxRouter = router({ list: listInbound, get: getInbound, conversations, thread, markRead, keywords, setKeywords });
