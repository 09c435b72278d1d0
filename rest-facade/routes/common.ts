// Schemas shared by the routers.
import { z } from 'zod';

export const ZIdParam = z.strictObject({ id: z.uuid() });
export const ZEmptyBody = z.strictObject({});
