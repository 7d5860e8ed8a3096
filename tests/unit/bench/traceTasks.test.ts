import { describe, expect, it } from 'vitest';
import { describeLongTasks, longTasks, type TraceEvent } from '../../bench/support/traceTasks';

const PAGE = { pid: 1, tid: 10 };
const WORKER = { pid: 1, tid: 20 };

/** A task (RunTask) of `ms` at `atMs`, in microseconds as traces have them. */
function task(atMs: number, ms: number, thread = PAGE): TraceEvent {
  return { name: 'RunTask', ph: 'X', ts: atMs * 1000, dur: ms * 1000, ...thread };
}

function event(name: string, atMs: number, ms: number, data: Record<string, unknown> = {}): TraceEvent {
  return { name, ph: 'X', ts: atMs * 1000, dur: ms * 1000, ...PAGE, args: { data } };
}

const threads: TraceEvent[] = [
  { name: 'thread_name', ts: 0, ...PAGE, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ts: 0, ...WORKER, args: { name: 'CrRendererMain' } },
  { name: 'navigationStart', ts: 100_000, ...PAGE, args: { data: { isLoadingMainFrame: true } } },
];

describe('the long tasks of a Lighthouse trace', () => {
  it('lists the main thread tasks of 12.5 ms or more after the navigation, with what ran inside', () => {
    const events = [
      ...threads,
      task(50, 40), // before the navigation: the previous page's
      task(200, 12), // short
      task(300, 30),
      event('FunctionCall', 301, 20, { functionName: 'render', url: 'http://host/assets/index-abc.js', lineNumber: 7 }),
      event('Layout', 322, 6),
      event('Paint', 329, 0.5), // under a millisecond in all: not named
      task(400, 14),
      task(410, 5),
      task(500, 50, WORKER), // another renderer thread with fewer tasks (a worker's) is not the page's
    ];
    const tasks = longTasks(events);
    expect(tasks).toEqual([
      { startMs: 200, durationMs: 30, parts: ['call render index-abc.js:7 20.0 ms', 'Layout 6.0 ms'] },
      { startMs: 300, durationMs: 14, parts: [] },
    ]);
    expect(describeLongTasks(tasks)).toContain('   200 ms   30.0 ms | call render index-abc.js:7 20.0 ms | Layout 6.0 ms');
    expect(describeLongTasks([])).toBe('no task of 12.5 ms or more\n');
  });
});
