/**
 * Where the keyboard focus goes when the element that had it is gone. A closed dialog gives the
 * focus back to what opened it; when that was nothing (a notice that opened by itself) or has left
 * the page (a cancelled order's row), the browser puts it on the document's start, and a keyboard
 * user would tab through the whole header again. The page's main content takes it instead.
 */
const MAIN_ID = 'main';

/** After the current focus moves have settled: the focus stays where it is if that is still in the page, else it goes to the main content. */
export function keepFocusInPage(): void {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
  });
}
