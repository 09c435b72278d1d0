// sender IDs: list, request.
import { router } from '../../trpc.ts';

export const senderIdsRouter = router({});
