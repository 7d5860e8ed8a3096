/**
 * The page's main-thread tasks that Lighthouse's simulation counts as blocking, read from the trace
 * of a run (issue 14). The simulation multiplies every observed task by its CPU slowdown (4x in the
 * mobile preset), so a task over 12.5 ms on the measuring machine is a long task (over 50 ms) in
 * the model; the scores name no task, this lists them with what ran inside.
 */

/** The part of a trace event this reads. */
export interface TraceEvent {
  name: string;
  ph?: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown>; fileName?: string };
}

export interface LongTask {
  /** Start, in ms after the navigation. */
  startMs: number;
  durationMs: number;
  /** What ran inside, longest first: "call render index-abc.js:12 18.2 ms", "Layout 6.1 ms". */
  parts: string[];
}

/** Observed tasks from this long on count as long tasks in the mobile preset's 4x slowdown. */
export const LONG_TASK_OBSERVED_MS = 12.5;
const PARTS_SHOWN = 5;
const NAMED_EVENTS = new Set(['TimerFire', 'EventDispatch', 'FireAnimationFrame', 'Layout', 'UpdateLayoutTree', 'Paint', 'ParseHTML', 'ParseAuthorStyleSheet', 'RunMicrotasks', 'XHRReadyStateChange']);

const threadKey = (event: TraceEvent) => `${event.pid}:${event.tid}`;

/** The renderer's main thread with the most tasks: the page's, not an extension's or a worker's. */
function mainThread(events: TraceEvent[]): string | undefined {
  const counts = new Map<string, number>();
  for (const event of events) if (event.name === 'thread_name' && event.args?.name === 'CrRendererMain') counts.set(threadKey(event), 0);
  for (const event of events) {
    const key = threadKey(event);
    const count = counts.get(key);
    if (count !== undefined && event.name === 'RunTask') counts.set(key, count + 1);
  }
  return [...counts.entries()].sort((left, right) => right[1] - left[1])[0]?.[0];
}

function fileOf(url: unknown): string {
  return String(url ?? '').split('/').pop() ?? '';
}

/** A short name for an event inside a task, or null for one not worth naming. */
function partName(event: TraceEvent): string | null {
  const data = event.args?.data ?? {};
  if (event.name === 'FunctionCall') return `call ${String(data.functionName || '?')} ${fileOf(data.url)}:${String(data.lineNumber ?? '?')}`;
  if (event.name === 'EvaluateScript') return `evaluate ${fileOf(data.url)}`;
  if (event.name === 'v8.evaluateModule' || event.name === 'v8.compileModule') return `${event.name} ${fileOf(data.url ?? event.args?.fileName)}`;
  if (event.name === 'EventDispatch') return `event ${String(data.type ?? '?')}`;
  return NAMED_EVENTS.has(event.name) ? event.name : null;
}

/** The main thread's tasks of at least `minimumMs` observed, in order, each with its largest parts. */
export function longTasks(events: TraceEvent[], minimumMs = LONG_TASK_OBSERVED_MS): LongTask[] {
  const main = mainThread(events);
  if (!main) return [];
  const navigation = events.find((event) => event.name === 'navigationStart' && threadKey(event) === main && event.args?.data?.isLoadingMainFrame === true);
  const origin = navigation?.ts ?? 0;
  const complete = events.filter((event) => threadKey(event) === main && event.ph === 'X' && event.dur !== undefined).sort((left, right) => left.ts - right.ts);
  const tasks = complete.filter((event) => event.name === 'RunTask' && (event.dur ?? 0) >= minimumMs * 1000 && event.ts >= origin);
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const sums = new Map<string, number>();
    for (const event of complete) {
      if (event === task || event.ts < task.ts || event.ts + (event.dur ?? 0) > end) continue;
      const name = partName(event);
      if (name) sums.set(name, (sums.get(name) ?? 0) + (event.dur ?? 0) / 1000);
    }
    const parts = [...sums.entries()]
      .filter(([, ms]) => ms >= 1)
      .sort((left, right) => right[1] - left[1])
      .slice(0, PARTS_SHOWN)
      .map(([name, ms]) => `${name} ${ms.toFixed(1)} ms`);
    return { startMs: Math.round((task.ts - origin) / 1000), durationMs: Number(((task.dur ?? 0) / 1000).toFixed(1)), parts };
  });
}

/** One line a task, for a file beside the trace. */
export function describeLongTasks(tasks: LongTask[]): string {
  if (tasks.length === 0) return `no task of ${LONG_TASK_OBSERVED_MS} ms or more\n`;
  return tasks.map((task) => `${String(task.startMs).padStart(6)} ms ${task.durationMs.toFixed(1).padStart(6)} ms | ${task.parts.join(' | ')}`).join('\n') + '\n';
}
