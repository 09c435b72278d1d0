// ReportDimension: what a delivery report may group its messages by.
import { builder } from '../builder.ts';

export const ReportDimension = builder.enumType('ReportDimension', {
  values: { DAY: { value: 'day' }, SENDER: { value: 'sender' }, CAMPAIGN: { value: 'campaign' }, OPERATOR: { value: 'operator' }, TRAFFIC_CLASS: { value: 'traffic_class' } } as const,
});
