// TrafficClass: transactional or promotional (consent and the sending window differ).
import { builder } from '../builder.ts';
import { upperCaseValues } from '../enums.ts';

export const TrafficClass = builder.enumType('TrafficClass', { values: upperCaseValues(['transactional', 'promotional'] as const) });
