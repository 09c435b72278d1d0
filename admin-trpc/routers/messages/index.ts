// messages: preview, send, list, get.
import { router } from '../../trpc.ts';

export const messagesRouter = router({});
