// Schemas shared by the routers.
import { z } from 'zod';
import { ZId } from '../../core/inputs/common.ts';

export const ZIdParam = z.strictObject({ id: ZId });
export const ZEmptyBody = z.strictObject({});
