// Whether the sending window would refuse a campaign's launch, told before the launch is tried: the rule the launch
// applies and the advice a page shows come from here alone.
import type { TrafficClass } from './pricing.ts';
import { isWindowOpen, localDateTime, nextOpening, waitsForWindow, type SendingWindowSettings } from './sending-window.ts';

/** East Africa Time, as members read it beside a time of day. */
export const LOCAL_TIME_LABEL = 'EAT';

/** A campaign of this class starting at `startsAt` is refused (outside_sending_window): promotional outside the window. */
export function startRefusedByWindow(trafficClass: TrafficClass, window: SendingWindowSettings, startsAt: Date): boolean {
  return waitsForWindow(trafficClass, isWindowOpen(window, startsAt));
}

export interface LaunchWindowAdvice {
  /** The window holds this campaign's class (promotional); transactional campaigns never wait for it. */
  applies: boolean;
  open_now: boolean;
  /** Launching now, without a schedule, would be refused. */
  launch_now_refused: boolean;
  /** Launching with the draft's own scheduled_at would be refused; false without one. */
  scheduled_at_refused: boolean;
  /** The window's next opening after now: a start there is inside it. */
  next_opening: Date;
  /** That opening on the Dar es Salaam clock, e.g. 2026-11-23 and "08:00 EAT". */
  next_opening_date: string;
  next_opening_local: string;
}

export function launchWindowAdvice(trafficClass: TrafficClass, window: SendingWindowSettings, now: Date, scheduledAt: Date | null): LaunchWindowAdvice {
  const opening = nextOpening(window, now);
  const local = localDateTime(opening);
  return {
    // Traffic the window would hold were it shut.
    applies: waitsForWindow(trafficClass, false),
    open_now: isWindowOpen(window, now),
    launch_now_refused: startRefusedByWindow(trafficClass, window, now),
    scheduled_at_refused: scheduledAt !== null && startRefusedByWindow(trafficClass, window, scheduledAt),
    next_opening: opening,
    next_opening_date: local.date,
    next_opening_local: `${local.time} ${LOCAL_TIME_LABEL}`,
  };
}
