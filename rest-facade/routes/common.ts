// Schemas shared by the routers.
import { z } from 'zod';
import { ZId } from '../../core/app/paging.ts';

export const ZIdParam = z.strictObject({ id: ZId });
export const ZEmptyBody = z.strictObject({});
