// What a launched campaign shows of its money and its delivery, worked out from its ledger sums and its recipients'
// statuses (never from prices: a share refused, skipped or cancelled is charged nothing).

/** A campaign's ledger entries summed by kind, in cents. */
export interface CampaignLedgerTotals {
  hold: bigint;
  capture: bigint;
  release: bigint;
  refund: bigint;
}

/** reserved = captured + released + held, to the cent. */
export interface CampaignMoney {
  /** The reservation taken at launch. */
  reserved: bigint;
  /** Charged: shares the operator accepted, less those refunded when the provider failed them after. */
  captured: bigint;
  /** Back in the wallet: shares released without a charge, and refunds. */
  released: bigint;
  /** Still reserved: shares neither captured nor released yet. */
  held: bigint;
}

export function campaignMoney(t: CampaignLedgerTotals): CampaignMoney {
  return {
    reserved: t.hold,
    captured: t.capture - t.refund,
    released: t.release + t.refund,
    // A refund moves captured money back; it never touches what is held.
    held: t.hold - t.capture - t.release,
  };
}

export interface CampaignDelivery {
  delivered: number;
  undelivered: number;
  failed: number;
  /** Messages the network answered with an outcome: delivered, undelivered or failed. */
  answered: number;
  /** delivered / answered; null while none is answered. */
  rate: number | null;
}

/** The delivery rate of a campaign's messages: those never answered (unknown, expired, cancelled) do not count. */
export function campaignDelivery(counts: { delivered: number; undelivered: number; failed: number }): CampaignDelivery {
  const answered = counts.delivered + counts.undelivered + counts.failed;
  return { delivered: counts.delivered, undelivered: counts.undelivered, failed: counts.failed, answered, rate: answered === 0 ? null : counts.delivered / answered };
}
