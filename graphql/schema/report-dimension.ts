// ReportDimension: what a delivery report may group its messages by.
import { builder } from '../builder.ts';

export const ReportDimension = builder.enumType('ReportDimension', {
  description: 'What a delivery report groups its messages by; each given dimension fills its column of ReportRow, the others stay null.',
  values: {
    DAY: { value: 'day', description: 'The day the message was created, in Africa/Dar_es_Salaam (EAT, UTC+3), not in UTC.' },
    SENDER: { value: 'sender', description: 'The sender ID the message was sent from.' },
    CAMPAIGN: { value: 'campaign', description: 'The campaign of the message; single messages form one row with campaignId null.' },
    OPERATOR: { value: 'operator', description: 'The mobile operator of the recipient’s number, by the numbering plan.' },
    TRAFFIC_CLASS: { value: 'traffic_class', description: 'Transactional or promotional.' },
  } as const,
});
