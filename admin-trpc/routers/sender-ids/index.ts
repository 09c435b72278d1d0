// sender IDs: list, request.
import { router } from '../../trpc.ts';
import { listSenderIds } from './list-sender-ids.ts';
import { requestSenderId } from './request-sender-id.ts';

export const senderIdsRouter = router({ list: listSenderIds, request: requestSenderId });
