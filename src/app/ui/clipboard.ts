/**
 * Copying text for the user. The clipboard is there only in a secure context (HTTPS, localhost):
 * without it a screen shows no copy button, which would promise what it cannot do, and the text
 * stays on screen to select.
 */
import { showToast } from '../state/hub-store';

const COPIED_TOAST_MS = 4_000;

export function canCopyText(): boolean {
  return 'clipboard' in navigator;
}

/** Copies `text`, then says `copied` in a success toast; a refusal is logged as `failure`. */
export function copyText(text: string, copied: string, failure: string): void {
  navigator.clipboard.writeText(text).then(
    () => showToast(copied, COPIED_TOAST_MS, 'success'),
    (error: unknown) => console.warn(failure, error),
  );
}
