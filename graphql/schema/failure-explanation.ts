// FailureExplanation: why a message failed, in plain words in English and Kiswahili (core/domain/failure-reasons.ts).
import { builder } from '../builder.ts';
import type { FailureExplanation as Explanation } from '../../core/domain/failure-reasons.ts';

export const FailureExplanation = builder.objectRef<Explanation>('FailureExplanation').implement({
  description: 'Why a message failed, in plain words, with what the customer can do.',
  fields: (t) => ({
    code: t.exposeString('code', { description: 'What the SMSC or the service said: an SMPP command_status name, a receipt stat (with its err), or a code of the service itself.' }),
    en: t.exposeString('en', { description: 'The reason in English.' }),
    sw: t.exposeString('sw', { description: 'The reason in Kiswahili.' }),
  }),
});
