// messages.exportLink: where the browser downloads the messages CSV of a range of days with the list's filters, which
// REST streams (GET /v1/messages.csv); the input is checked now, so a refusal comes as an answer rather than as a
// broken file.
import { z } from 'zod';
import { memberProcedure, asMember } from '../../trpc.ts';
import { access } from '../../../core/app/messages/export-messages.ts';
import { ZMessageExportQuery } from '../../../core/inputs/messages.ts';
import { dayRangeQuery } from '../../../core/inputs/day-range.ts';
import { restLink } from '../../../core/transport/rest-paths.ts';
import { recipientSearchText } from '../../../core/domain/phone.ts';

export const exportLink = memberProcedure
  .input(ZMessageExportQuery)
  .output(z.strictObject({ url: z.string() }))
  .query(({ ctx, input }) =>
    asMember(ctx.actor, access, async () => ({
      url: restLink('exportMessages', {}, {
        ...dayRangeQuery(input),
        mode: input.mode,
        status: input.status?.join(','),
        traffic_class: input.traffic_class,
        sender: input.sender,
        recipient: input.recipient && recipientSearchText(input.recipient),
      }),
    })),
  );
