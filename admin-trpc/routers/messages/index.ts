// messages: preview, send, list, get, and today's counts.
import { router } from '../../trpc.ts';
import { previewMessage } from './preview-message.ts';
import { sendMessage } from './send-message.ts';
import { listMessages } from './list-messages.ts';
import { getMessage } from './get-message.ts';
import { todayMessages } from './today-messages.ts';

export const messagesRouter = router({ preview: previewMessage, send: sendMessage, list: listMessages, get: getMessage, today: todayMessages });
