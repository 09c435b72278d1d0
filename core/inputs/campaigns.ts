// Campaign inputs the dashboard shares with the server: zod and core/domain only, so the browser can import them.
import { z } from 'zod';

/** Copying a campaign takes nothing but its id (in the path, or beside the idempotency key over tRPC). */
export const ZCopyCampaignBody = z.strictObject({});
export type TCopyCampaignBody = z.infer<typeof ZCopyCampaignBody>;
