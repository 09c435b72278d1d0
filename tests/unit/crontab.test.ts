// The crontab (workers/crontab) names every periodic task once, each a minute apart with its own job key, and
// names no task the runner lacks.
import { readFileSync } from 'node:fs';
import { parseCrontab } from 'graphile-worker';
import { describe, expect, it } from 'vitest';
import { PERIODIC_TASKS, taskList } from '../../workers/task-list.ts';
import type { Deps } from '../../core/app/context.ts';

const items = parseCrontab(readFileSync(new URL('../../workers/crontab', import.meta.url), 'utf8'));

describe('the crontab', () => {
  it('names every periodic task once, and only tasks of the task list', () => {
    expect(items.map((i) => i.task).sort()).toEqual([...PERIODIC_TASKS].sort());
    const tasks = Object.keys(taskList({} as Deps));
    for (const item of items) expect(tasks).toContain(item.task);
  });

  it('queues each every minute under a job key of its name, never doubling a waiting job', () => {
    for (const item of items) {
      expect(item.match, item.task).toBeTypeOf('function');
      // Every minute of a day matches.
      const minutes = Array.from({ length: 1440 }, (_, m) => ({ min: m % 60, hour: Math.floor(m / 60), date: 1, month: 1, dow: 0 }));
      expect(minutes.every((t) => item.match(t)), item.task).toBe(true);
      expect(item.options.jobKey, item.task).toBe(item.task);
      expect(item.options.jobKeyMode, item.task).toBe('preserve_run_at');
    }
  });

  it('retries campaign_progress, the backstop of every campaign job; any other minute task is not retried, the next minute is its retry', () => {
    for (const item of items) expect(item.options.maxAttempts, item.task).toBe(item.task === 'campaign_progress' ? 5 : 1);
  });
});
