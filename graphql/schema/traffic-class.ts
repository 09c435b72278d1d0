// TrafficClass: transactional or promotional (consent and the sending window differ).
import { builder } from '../builder.ts';
import { upperCaseValues } from '../enums.ts';
import { TRAFFIC_CLASSES } from '../../core/domain/pricing.ts';

export const TrafficClass = builder.enumType('TrafficClass', {
  description: 'The kind of traffic a message is: it decides the consent checks, the sending window and the price.',
  values: upperCaseValues(TRAFFIC_CLASSES, {
    transactional: 'Messages a person expects (codes, receipts, reminders): sent at any hour, never refused for consent or an opt-out. The default.',
    promotional:
      'Marketing: only to numbers with a recorded consent and no active opt-out, and sent only inside the daily sending window (08:00 to 20:00 EAT by default); outside it they wait.',
  }),
});
