/**
 * Proves the leadership (server/cluster/leader.ts) with a lock the test holds: without a lock
 * (SQLite) the instance leads once started; a follower runs no task and tries again every
 * FOLLOWER_RETRY_MS; the task starts when the lock is won and stops when it is lost or the
 * leadership closes, one change after the other; listeners hear the state now and each change.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FOLLOWER_RETRY_MS, Leadership, type LeaderLock } from '../../../server/cluster/leader';

const quiet = { info: () => undefined, error: () => undefined };

/** A lock whose holder the test decides. */
function testLock() {
  let free = false;
  let lost: (() => void) | undefined;
  const lock: LeaderLock & { attempts: number; closed: boolean } = {
    attempts: 0,
    closed: false,
    tryAcquire: async () => {
      lock.attempts += 1;
      return free;
    },
    onLost: (listener) => {
      lost = listener;
    },
    close: async () => {
      lock.closed = true;
    },
  };
  return { lock, free: () => (free = true), lose: () => lost?.() };
}

/** A task that records its starts and stops. */
function recordingTask() {
  const events: string[] = [];
  return { events, task: { start: async () => void events.push('start'), stop: async () => void events.push('stop') } };
}

describe('the leadership', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('without a lock (SQLite) the instance leads as soon as it started, and its tasks stop when it closes', async () => {
    const leadership = new Leadership(undefined, quiet);
    await leadership.start();
    expect(leadership.isLeader()).toBe(true);
    const { events, task } = recordingTask();
    leadership.run('task', task);
    await vi.runAllTimersAsync();
    expect(events).toEqual(['start']);
    await leadership.close();
    expect(events).toEqual(['start', 'stop']);
  });

  it('a follower runs nothing and tries again every FOLLOWER_RETRY_MS; it leads once the lock is free and stops when the lock is lost', async () => {
    const { lock, free, lose } = testLock();
    const leadership = new Leadership(lock, quiet);
    const heard: boolean[] = [];
    leadership.onChange((leading) => void heard.push(leading));
    await leadership.start();
    const { events, task } = recordingTask();
    leadership.run('task', task);
    expect(leadership.isLeader()).toBe(false);
    await vi.advanceTimersByTimeAsync(FOLLOWER_RETRY_MS * 3);
    expect(lock.attempts).toBe(4);
    expect(events).toEqual([]);

    free();
    await vi.advanceTimersByTimeAsync(FOLLOWER_RETRY_MS);
    expect(leadership.isLeader()).toBe(true);
    expect(events).toEqual(['start']);
    // A leader tries no more: the lock is held for the session's life.
    await vi.advanceTimersByTimeAsync(FOLLOWER_RETRY_MS * 3);
    expect(lock.attempts).toBe(5);

    lose();
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['start', 'stop']);
    await vi.advanceTimersByTimeAsync(FOLLOWER_RETRY_MS);
    expect(events).toEqual(['start', 'stop', 'start']);
    expect(heard).toEqual([false, true, false, true]);

    await leadership.close();
    expect(events).toEqual(['start', 'stop', 'start', 'stop']);
    expect(lock.closed).toBe(true);
  });

  it('a task stopped for good does not start again when the instance leads', async () => {
    const { lock, free } = testLock();
    const leadership = new Leadership(lock, quiet);
    await leadership.start();
    const { events, task } = recordingTask();
    const stop = leadership.run('task', task);
    await stop();
    free();
    await vi.advanceTimersByTimeAsync(FOLLOWER_RETRY_MS);
    expect(leadership.isLeader()).toBe(true);
    expect(events).toEqual([]);
    await leadership.close();
  });
});
