// Platform answers, as REST's `data` holds them: the service status and the promotional sending window.
import { z } from 'zod';
import { SENDING_WINDOW_TIME_ZONE } from '../../../core/domain/sending-window.ts';

export const ZServiceStatus = z.strictObject({
  sms_route: z.enum(['gsm0338', 'ascii']),
  live_dispatch: z.boolean(),
  /** The service's time (its injected clock), ISO 8601. */
  time: z.string(),
});

export const ZSendingWindowAnswer = z.strictObject({
  sending_window: z.strictObject({
    applies_to: z.literal('promotional'),
    opens: z.string(),
    closes: z.string(),
    time_zone: z.literal(SENDING_WINDOW_TIME_ZONE),
    open_now: z.boolean(),
    next_opening: z.string(),
  }),
});
