// In-app moves for the e2e suites: what the app's links do, without a page load, so that a test
// sees what a screen shows when it mounts while the previous one is still there.
import type { Page } from './test';

/** Goes to a path the way the app's links do: TanStack Router publishes itself as window.__TSR_ROUTER__. */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate(`(async () => {
    const router = window.__TSR_ROUTER__;
    if (!router) throw new Error('The app has no router at window.__TSR_ROUTER__');
    await router.navigate({ href: ${JSON.stringify(path)} });
  })()`);
}
