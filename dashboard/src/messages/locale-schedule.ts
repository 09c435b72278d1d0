// The words of sending a message later and of cancelling one not yet sent, part of the namespace 'messages'
// (locale.ts).
import type { Messages } from '../i18n/messages.ts';

export const en = {
  schedule: {
    when: 'When',
    now: 'Send now',
    later: 'Send later',
    at: 'Send at (EAT)',
    atHint: 'A date and time in Dar es Salaam, at least a minute and at most 30 days ahead. The price is held now; a promotional message also waits for the sending window.',
    willSend: 'It will be sent on {{time}}.',
    liveOnly: 'Only a live message can be sent later: a test message completes at once.',
    required: 'Choose the date and time to send it.',
    tooSoon: 'Choose a time at least a minute from now ({{now}}).',
    tooFar: 'Choose a time at most 30 days ahead.',
    sent_one: 'Message scheduled for {{time}}: {{amount}} for {{count}} segment to {{to}} is held until it is sent.',
    sent_other: 'Message scheduled for {{time}}: {{amount}} for {{count}} segments to {{to}} is held until it is sent.',
    scheduledFor: 'Scheduled for',
    waitingHeading: 'Not sent yet',
    waitingScheduled: 'Scheduled for {{time}}. You can cancel it until it is handed to the network; its price goes back to the wallet.',
    waitingQueued: 'Waiting to be handed to the network. You can cancel it until then; its price goes back to the wallet.',
    cancel: 'Cancel message',
    question: 'Cancel this message to {{to}}? It will not be sent, and {{amount}} goes back to the wallet.',
    confirm: 'Yes, cancel it',
    keep: 'Keep it',
    cancelled: 'Cancelled: it was never sent, and {{amount}} went back to the wallet.',
    cancelledAgain: 'This message was already cancelled; {{amount}} went back to the wallet then.',
  },
};

export const sw: Messages<typeof en> = {
  schedule: {
    when: 'Lini',
    now: 'Tuma sasa',
    later: 'Tuma baadaye',
    at: 'Tuma saa (EAT)',
    atHint: 'Tarehe na saa ya Dar es Salaam, angalau dakika moja na si zaidi ya siku 30 mbele. Bei inashikiliwa sasa; ujumbe wa matangazo unasubiri pia muda wa kutuma.',
    willSend: 'Utatumwa {{time}}.',
    liveOnly: 'Ujumbe halisi tu ndio unaweza kutumwa baadaye: ujumbe wa majaribio unakamilika papo hapo.',
    required: 'Chagua tarehe na saa ya kuutuma.',
    tooSoon: 'Chagua muda angalau dakika moja kuanzia sasa ({{now}}).',
    tooFar: 'Chagua muda usiozidi siku 30 mbele.',
    sent_one: 'Ujumbe umepangwa kutumwa {{time}}: {{amount}} kwa sehemu {{count}} kwenda {{to}} imeshikiliwa hadi utumwe.',
    sent_other: 'Ujumbe umepangwa kutumwa {{time}}: {{amount}} kwa sehemu {{count}} kwenda {{to}} imeshikiliwa hadi utumwe.',
    scheduledFor: 'Umepangwa kutumwa',
    waitingHeading: 'Bado haujatumwa',
    waitingScheduled: 'Umepangwa kutumwa {{time}}. Unaweza kuusitisha hadi ukabidhiwe kwa mtandao; bei yake inarudi kwenye pochi.',
    waitingQueued: 'Unasubiri kukabidhiwa kwa mtandao. Unaweza kuusitisha kabla ya hapo; bei yake inarudi kwenye pochi.',
    cancel: 'Sitisha ujumbe',
    question: 'Usitishe ujumbe huu kwenda {{to}}? Hautatumwa, na {{amount}} itarudi kwenye pochi.',
    confirm: 'Ndiyo, usitishe',
    keep: 'Usisitishe',
    cancelled: 'Umesitishwa: haukutumwa kamwe, na {{amount}} imerudi kwenye pochi.',
    cancelledAgain: 'Ujumbe huu ulikuwa umeshasitishwa; {{amount}} ilirudi kwenye pochi wakati huo.',
  },
};
