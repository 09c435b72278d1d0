// The starts a draft's launch offers: none the sending window would refuse (the draft's launch_window says which).
import { describe, expect, it } from 'vitest';
import { launchStartsOffered } from '../../dashboard/src/campaigns/launch-starts.ts';

const AT = '2026-11-23T07:00:00.000Z';

describe('launchStartsOffered', () => {
  it.each([
    ['no schedule, window open', null, { launch_now_refused: false, scheduled_at_refused: false }, ['now']],
    ['no schedule, window closed', null, { launch_now_refused: true, scheduled_at_refused: false }, ['opening']],
    ['a schedule inside the window, window open', AT, { launch_now_refused: false, scheduled_at_refused: false }, ['scheduled', 'now']],
    ['a schedule inside the window, window closed', AT, { launch_now_refused: true, scheduled_at_refused: false }, ['scheduled', 'opening']],
    ['a schedule outside the window, window open', AT, { launch_now_refused: false, scheduled_at_refused: true }, ['now']],
    ['a schedule outside the window, window closed', AT, { launch_now_refused: true, scheduled_at_refused: true }, ['opening']],
    ['no advice (not a draft)', AT, null, ['scheduled', 'now']],
  ] as const)('%s', (_case, scheduledAt, advice, offered) => {
    expect(launchStartsOffered(scheduledAt, advice)).toEqual(offered);
  });
});
