// Which starts a draft's launch offers: never one the sending window would refuse, as the draft's launch_window
// (the rule the launch applies) says. Kept apart from the page so that a unit test can read it.

export type LaunchStart = 'now' | 'scheduled' | 'opening';

/** What the launch reads of a draft's launch_window. */
export interface WindowAdvice {
  launch_now_refused: boolean;
  scheduled_at_refused: boolean;
}

/**
 * The draft's own time first, when it has one the window allows; then now, or the window's next opening instead
 * while a start now would be refused. Never empty: the next opening is always allowed.
 */
export function launchStartsOffered(scheduledAt: string | null, advice: WindowAdvice | null): LaunchStart[] {
  const own: LaunchStart[] = scheduledAt && !advice?.scheduled_at_refused ? ['scheduled'] : [];
  return [...own, advice?.launch_now_refused ? 'opening' : 'now'];
}
