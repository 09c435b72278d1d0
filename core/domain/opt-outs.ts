// Opt-outs: one is active until it is cleared, and an active opt-out blocks every promotional message to its number.
// Twin of opt_out_active and active_opt_out (migration 0024), held to the same answers on PostgreSQL.

export interface OptOutState {
  organizationId: string;
  phone: string;
  clearedAt: Date | null;
}

export function isActiveOptOut(optOut: Pick<OptOutState, 'clearedAt'>): boolean {
  return optOut.clearedAt === null;
}

/** The number's active opt-out in the organization, or null (there is at most one). */
export function activeOptOutOf<O extends OptOutState>(optOuts: readonly O[], organizationId: string, phone: string): O | null {
  return optOuts.find((o) => o.organizationId === organizationId && o.phone === phone && isActiveOptOut(o)) ?? null;
}
