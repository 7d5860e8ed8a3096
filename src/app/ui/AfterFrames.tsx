/**
 * A part drawn `frames` painted frames after it is mounted (useStages), `fallback` until then: the
 * parts of a page that a phone's first screen needs least come in tasks of their own, after the
 * parts above them are painted, instead of in one long render with them (issue 14). Like useStages,
 * it does not wait for frames in a tab that paints none (a background tab).
 */
import type { ReactNode } from 'react';
import { useStages } from './useStages';

export function AfterFrames({ frames, fallback = null, children }: { frames: number; fallback?: ReactNode; children: ReactNode }) {
  const drawn = useStages(frames + 1) > frames;
  return <>{drawn ? children : fallback}</>;
}
