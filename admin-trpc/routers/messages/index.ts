// messages: preview, send, cancel, list, get, today's counts, and the link of the CSV export.
import { router } from '../../trpc.ts';
import { previewMessage } from './preview-message.ts';
import { sendMessage } from './send-message.ts';
import { cancelMessage } from './cancel-message.ts';
import { listMessages } from './list-messages.ts';
import { getMessage } from './get-message.ts';
import { todayMessages } from './today-messages.ts';
import { exportLink } from './export-link.ts';

export const messagesRouter = router({ preview: previewMessage, send: sendMessage, cancel: cancelMessage, list: listMessages, get: getMessage, today: todayMessages, exportLink });
