/**
 * Taking the browser's word about the network away. Chromium 150 under DevTools' offline switch
 * serves a new document (answered by the service worker) that says navigator.onLine === true and
 * never gets an 'offline' event, as any browser does behind a dead Wi-Fi; other versions tell the
 * truth. The app must be right either way (src/app/pwa/connectivity.ts), so the offline tests run
 * with every page of the context saying it is online and hearing no online or offline event,
 * whatever Chromium runs the suite: the app can only learn of the network from its own requests.
 * The network itself is cut with context.setOffline (and, where the hub's SharedWorker must lose
 * it too, which that switch does not reach, by stopping the server).
 */
import type { BrowserContext } from '@playwright/test';

export async function browserAlwaysSaysOnline(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => true });
    // Registered before any script of the page, so it runs first and the app hears nothing.
    for (const type of ['online', 'offline']) window.addEventListener(type, (event) => event.stopImmediatePropagation(), { capture: true });
  });
}
