// What each failure code means to a customer, in English and Kiswahili: short, plain, and saying what to do.
// Codes that call for the same action share a sentence, so the two languages are kept in step once.

export interface Sentence {
  en: string;
  sw: string;
}

const S = {
  badNumber: {
    en: 'The operator says the number is not valid; check it and send again.',
    sw: 'Mtandao umesema namba si sahihi; ihakiki kisha utume tena.',
  },
  badSender: {
    en: 'The operator refused the sender ID; ask us to check its registration with the network.',
    sw: 'Mtandao umekataa jina la mtumaji; tuombe tuhakiki usajili wake kwenye mtandao.',
  },
  busy: {
    en: 'The operator was too busy to take the message; send it again in a few minutes.',
    sw: 'Mtandao ulikuwa na msongamano; tuma tena baada ya dakika chache.',
  },
  operatorFault: {
    en: 'A fault at the operator stopped the message; send it again later.',
    sw: 'Hitilafu upande wa mtandao ilizuia ujumbe; tuma tena baadaye.',
  },
  operatorRejected: {
    en: 'The operator rejected the message; check the number and the sender ID, or contact us.',
    sw: 'Mtandao umekataa ujumbe; hakiki namba na jina la mtumaji, au wasiliana nasi.',
  },
  ourLink: {
    en: 'Our connection to the operator was not ready; we are fixing it. Send the message again later.',
    sw: 'Muunganisho wetu na mtandao haukuwa tayari; tunaurekebisha. Tuma ujumbe tena baadaye.',
  },
  ourFormat: {
    en: 'The operator could not read the message as we sent it; the fault is ours and we are looking into it.',
    sw: 'Mtandao haukuweza kusoma ujumbe jinsi tulivyoutuma; kosa ni letu na tunalishughulikia.',
  },
  unreachable: {
    en: 'The phone is switched off or out of coverage; try again later.',
    sw: 'Simu imezimwa au iko nje ya mtandao; jaribu tena baadaye.',
  },
  undelivered: {
    en: 'The operator could not deliver it: the phone may be off, out of coverage or full; try again later.',
    sw: 'Mtandao haukuweza kuufikisha: huenda simu imezimwa, iko nje ya mtandao au imejaa; jaribu tena baadaye.',
  },
  noSuchNumber: {
    en: 'The number does not exist or is switched off for good; check it.',
    sw: 'Namba haipo au imezimwa kabisa; ihakiki.',
  },
  barred: {
    en: 'The recipient’s line is barred from receiving messages; they should ask their operator.',
    sw: 'Laini ya mpokeaji imezuiwa kupokea ujumbe; aulize mtandao wake.',
  },
  noSms: {
    en: 'This number cannot receive SMS (a data-only line, for example); use another number.',
    sw: 'Namba hii haiwezi kupokea SMS (kwa mfano laini ya data pekee); tumia namba nyingine.',
  },
  phoneBusy: {
    en: 'The phone was busy; try again in a few minutes.',
    sw: 'Simu ilikuwa na shughuli; jaribu tena baada ya dakika chache.',
  },
  phoneFull: {
    en: 'The phone could not store the message (its memory may be full); try again later.',
    sw: 'Simu haikuweza kuhifadhi ujumbe (huenda kumbukumbu imejaa); jaribu tena baadaye.',
  },
  networkFault: {
    en: 'The recipient’s network had a fault; try again later.',
    sw: 'Mtandao wa mpokeaji ulikuwa na hitilafu; jaribu tena baadaye.',
  },
} satisfies Record<string, Sentence>;

/** SMPP submit_sm_resp command_status names. */
export const SUBMIT_SENTENCES: Readonly<Record<string, Sentence>> = {
  ESME_RINVDSTADR: S.badNumber,
  ESME_RINVDSTTON: S.badNumber,
  ESME_RINVDSTNPI: S.badNumber,
  ESME_RINVSRCADR: S.badSender,
  ESME_RINVSRCTON: S.badSender,
  ESME_RINVSRCNPI: S.badSender,
  ESME_RTHROTTLED: S.busy,
  ESME_RMSGQFUL: S.busy,
  ESME_RX_T_APPN: S.busy,
  ESME_RSYSERR: S.operatorFault,
  ESME_RSUBMITFAIL: S.operatorFault,
  ESME_RDELIVERYFAILURE: S.operatorFault,
  ESME_RUNKNOWNERR: S.operatorFault,
  ESME_RX_P_APPN: S.operatorFault,
  ESME_RX_R_APPN: S.operatorRejected,
  ESME_RINVBNDSTS: S.ourLink,
  ESME_RALYBND: S.ourLink,
  ESME_RBINDFAIL: S.ourLink,
  ESME_RINVPASWD: S.ourLink,
  ESME_RINVSYSID: S.ourLink,
  ESME_RINVSYSTYP: S.ourLink,
  ESME_RINVMSGLEN: S.ourFormat,
  ESME_RINVCMDLEN: S.ourFormat,
  ESME_RINVCMDID: S.ourFormat,
  ESME_RINVPRTFLG: S.ourFormat,
  ESME_RINVREGDLVFLG: S.ourFormat,
  ESME_RINVSERTYP: S.ourFormat,
  ESME_RINVESMCLASS: S.ourFormat,
  ESME_RINVSCHED: S.ourFormat,
  ESME_RINVEXPIRY: S.ourFormat,
  ESME_RINVDFTMSGID: S.ourFormat,
  ESME_RINVNUMDESTS: S.ourFormat,
  ESME_RINVOPTPARSTREAM: S.ourFormat,
  ESME_ROPTPARNOTALLWD: S.ourFormat,
  ESME_RINVPARLEN: S.ourFormat,
  ESME_RMISSINGOPTPARAM: S.ourFormat,
  ESME_RINVOPTPARAMVAL: S.ourFormat,
  // Statuses of other operations (cancel, replace, query, submit_multi): not what a submit_sm answers, but an SMSC
  // may answer one, and each is a fault of the exchange rather than of the number.
  ESME_RINVMSGID: S.ourFormat,
  ESME_RINVDLNAME: S.ourFormat,
  ESME_RINVDESTFLAG: S.ourFormat,
  ESME_RINVSUBREP: S.ourFormat,
  ESME_RCNTSUBDL: S.ourFormat,
  ESME_RINVREPFLAG: S.ourFormat,
  ESME_RINVNUMMSGS: S.ourFormat,
  ESME_RCANCELFAIL: S.operatorFault,
  ESME_RREPLACEFAIL: S.operatorFault,
  ESME_RQUERYFAIL: S.operatorFault,
};

/** Delivery receipt stat values (the 7-letter forms and the full names some SMSCs write). */
export const RECEIPT_STAT_SENTENCES: Readonly<Record<string, Sentence>> = {
  UNDELIV: S.undelivered,
  UNDELIVERABLE: S.undelivered,
  REJECTD: S.operatorRejected,
  REJECTED: S.operatorRejected,
  EXPIRED: {
    en: 'The phone stayed unreachable until the operator stopped trying; send again when it is on.',
    sw: 'Simu haikupatikana hadi mtandao ukaacha kujaribu; tuma tena ikiwa imewashwa.',
  },
  DELETED: {
    en: 'The operator deleted the message before delivering it; send it again.',
    sw: 'Mtandao ulifuta ujumbe kabla ya kuufikisha; utume tena.',
  },
  UNKNOWN: {
    en: 'The operator does not know whether it arrived; ask the recipient before sending again.',
    sw: 'Mtandao haujui kama ujumbe ulifika; muulize mpokeaji kabla ya kutuma tena.',
  },
};

/**
 * Receipt err values, read as GSM MAP error numbers (3GPP TS 29.002), which most SMSCs pass on: more precise
 * than the stat, so a known one wins.
 */
export const RECEIPT_ERROR_SENTENCES: Readonly<Record<string, Sentence>> = {
  '1': S.noSuchNumber,
  '5': S.noSuchNumber,
  '6': S.unreachable,
  '27': S.unreachable,
  '33': S.unreachable,
  '9': S.barred,
  '12': S.barred,
  '13': S.barred,
  '11': S.noSms,
  '21': S.noSms,
  '31': S.phoneBusy,
  '32': S.phoneFull,
  '34': S.networkFault,
  '35': S.networkFault,
  '36': S.networkFault,
};

/** The service's own failures, by the code the stored reason is read as. */
export const SERVICE_SENTENCES: Readonly<Record<string, Sentence>> = {
  not_sent: {
    en: 'We could not hand the message to the operator; send it again.',
    sw: 'Hatukuweza kuukabidhi ujumbe kwa mtandao; utume tena.',
  },
  partly_sent: {
    en: 'Only part of this long message reached the operator, so it may arrive cut short; send it again if needed.',
    sw: 'Sehemu tu ya ujumbe huu mrefu ilifika kwa mtandao, hivyo unaweza kufika haujakamilika; utume tena ikihitajika.',
  },
  expired: {
    en: 'The message waited past its time limit without being sent and was not charged; send it again.',
    sw: 'Ujumbe ulisubiri hadi muda wake ukaisha bila kutumwa, na haukutozwa; utume tena.',
  },
  cancelled: {
    en: 'The message was cancelled before it was sent; its price went back to the wallet.',
    sw: 'Ujumbe ulisitishwa kabla haujatumwa; bei yake imerudi kwenye pochi.',
  },
  campaign_cancelled: {
    en: 'The campaign was cancelled before this message was sent; it was not charged.',
    sw: 'Kampeni ilisitishwa kabla ujumbe huu haujatumwa; haukutozwa.',
  },
  campaign_expired: {
    en: 'The campaign’s time ran out before this message was sent; it was not charged.',
    sw: 'Muda wa kampeni uliisha kabla ujumbe huu haujatumwa; haukutozwa.',
  },
  test_failed: {
    en: 'Test message: numbers ending in 1 or 2 fail on purpose. Nothing was sent or charged.',
    sw: 'Ujumbe wa majaribio: namba zinazoishia 1 au 2 hushindwa makusudi. Hakuna kilichotumwa wala kutozwa.',
  },
  test_undelivered: {
    en: 'Test message: numbers ending in 8 are undelivered on purpose. Nothing was sent or charged.',
    sw: 'Ujumbe wa majaribio: namba zinazoishia 8 hazifikishwi makusudi. Hakuna kilichotumwa wala kutozwa.',
  },
  unexplained: {
    en: 'The message failed for a reason we cannot put in plain words; contact us if you need to know more.',
    sw: 'Ujumbe ulishindwa kwa sababu ambayo hatuna maelezo yake rahisi; wasiliana nasi ukihitaji kujua zaidi.',
  },
};

/** For a code the tables do not hold: a general sentence that names it, so the customer can quote it to us. */
export function generalSentence(code: string): Sentence {
  return {
    en: `The message failed with the code ${code}, which we cannot put in plain words; check the number, or contact us quoting the code.`,
    sw: `Ujumbe ulishindwa kwa msimbo ${code}, ambao hatuna maelezo yake rahisi; hakiki namba, au wasiliana nasi ukitaja msimbo huo.`,
  };
}
