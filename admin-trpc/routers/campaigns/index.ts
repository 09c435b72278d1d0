// campaigns: drafts, quote, launch, cancel, recipients, export link.
import { router } from '../../trpc.ts';

export const campaignsRouter = router({});
