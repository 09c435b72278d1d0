// Sender IDs' answers, as REST's `data` holds them: the service's approval per class and the route's.
import { z } from 'zod';
import { ZInstant } from '../../outputs.ts';
import { TRAFFIC_CLASSES } from '../../../core/domain/pricing.ts';

const ZTrafficClass = z.enum(TRAFFIC_CLASSES);

export const ZSenderId = z.strictObject({
  id: z.string(),
  name: z.string(),
  approval: z.strictObject({
    status: z.enum(['requested', 'approved', 'rejected']),
    traffic_classes: z.array(ZTrafficClass),
    requested_traffic_classes: z.array(ZTrafficClass),
  }),
  provider_approval: z.strictObject({ status: z.string(), approved_at: ZInstant }),
  created_at: ZInstant,
  updated_at: ZInstant,
});

export const ZSenderIdList = z.strictObject({ sender_ids: z.array(ZSenderId) });
export const ZSenderIdAnswer = z.strictObject({ sender_id: ZSenderId });
