// TrafficClass: transactional or promotional (consent and the sending window differ).
import { builder } from '../builder.ts';
import { upperCaseValues } from '../enums.ts';
import { TRAFFIC_CLASSES } from '../../core/domain/pricing.ts';

export const TrafficClass = builder.enumType('TrafficClass', { values: upperCaseValues(TRAFFIC_CLASSES) });
