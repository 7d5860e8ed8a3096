/**
 * The entry of the web app: the router over the generated route tree, inside Lingui's provider
 * (the locale route activates the page's catalog before a page renders), rendered into #root.
 */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getHub, reportTabPath } from './api/hub';
import { activateLanguage } from './i18n/catalogs';
import { languageOfPath } from './i18n/routeLanguage';
import { readStoredLanguage } from './i18n/storedLanguage';
import { connectionAllowsPrefetch } from './pwa/connection';
import { listenForChunkErrors } from './pwa/chunkReload';
import { launchTarget } from './pwa/launch';
import { pageDrawn } from './pwa/serviceWorker';
import { UpdatePrompt } from './pwa/UpdatePrompt';
import { applyStoredTheme } from './state/theme';
import { retrySuspenseAfterEffects } from './suspenseRetry';
import { routeTree } from './routeTree.gen';
import './styles/global.css';

// A launch of the installed app opens in the user's language (pwa/launch.ts), before the router
// reads the address.
const launchAddress = launchTarget(window.location, readStoredLanguage());
if (launchAddress !== null) window.history.replaceState(window.history.state, '', launchAddress);

/** The router's own default pending delay: how long a load may take before its pending frame shows. */
const FIRST_LOAD_WAIT_MS = 1000;

const router = createRouter({
  routeTree,
  // spec 9: no preloading on 2g or save-data, the same rule as the service worker's warming.
  defaultPreload: connectionAllowsPrefetch() ? 'intent' : false,
  // The route loaders keep their own freshness (the site config: 10 minutes), not the router's.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
});
// The hub sends the path of the page in view with its requests (formPage) and reads its language.
router.subscribe('onResolved', (event) => reportTabPath(event.toLocation.pathname));
const stopWaitingForFirstPage = router.subscribe('onRendered', () => {
  stopWaitingForFirstPage();
  pageDrawn();
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// Before the first render: a route's pending frame must never spin (suspenseRetry.ts).
retrySuspenseAfterEffects();
applyStoredTheme();
listenForChunkErrors();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// What the first paint waits for starts now, side by side rather than one after the other: the
// hub's worker (every page's site config comes through it), the language's catalog and the
// page's route chunks, which the router finds loaded (or on their way) when it renders.
getHub();
const languageActive = activateLanguage(languageOfPath(window.location.pathname));
for (const match of router.matchRoutes(router.latestLocation)) {
  const route = router.routesById[match.routeId as keyof typeof router.routesById];
  void router.loadRouteChunk(route)?.catch(() => undefined); // the router reports a failed chunk itself
}

// The first render waits for the router's first load as well, so that it draws the page itself
// rather than a pending frame that the router's store then replaces. A load that takes longer
// than the router's pending delay does not hold the paint: the router then shows its pending frame
// as it would have. I18nProvider renders nothing until a language is active, and the router
// (whose locale route activates the page's catalog) lives inside it.
const routerLoaded = Promise.race([router.load().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, FIRST_LOAD_WAIT_MS))]);
void Promise.all([languageActive, routerLoaded]).then(() => {
  const root = createRoot(rootElement);
  root.render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
        <UpdatePrompt />
      </I18nProvider>
    </StrictMode>,
  );
});
