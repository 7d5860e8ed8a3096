// @vitest-environment happy-dom
// Proves that the rendered header follows the site config: the navigation groups the features
// and the area bitmask leave (no Buy coins entry when C2C is off), a visitor's Log in and
// Register links in the page's language, and a language list of only the supported languages.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { act } from 'preact/test-utils';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SiteConfig } from '../../../../src/shared/api/site';
import { siteConfigFixture } from '../../../helpers/siteConfig';
import { Header } from '../../../../src/app/layout/header/Header';
import { hubStore } from '../../../../src/app/state/hub-store';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
  interface Window {
    /** happy-dom's control of the test window. */
    happyDOM?: { setViewport(viewport: { width: number; height: number }): void };
  }
}

const BASE_CONFIG = siteConfigFixture();

let root: Root | null = null;
let container: HTMLElement | null = null;

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  window.happyDOM?.setViewport({ width: 1440, height: 900 });
  hubStore.apply({
    kind: 'status',
    status: {
      buildId: 'test',
      instanceId: 'test',
      session: { status: 'signedOut' },
      notifications: null,
      storage: { state: 'ok' },
      quoteFeed: 'idle',
      socketConnected: false,
      serverAnswering: true,
    },
  });
});

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
});

async function renderHeader(config: SiteConfig, path = '/en'): Promise<HTMLElement> {
  // The app's shape: an optional language prefix, any page below it.
  const rootRoute = createRootRoute();
  const localeRoute = createRoute({ getParentRoute: () => rootRoute, path: '{-$locale}', component: () => <Header config={config} /> });
  const pageRoute = createRoute({ getParentRoute: () => localeRoute, path: '$' });
  const router = createRouter({
    routeTree: rootRoute.addChildren([localeRoute.addChildren([pageRoute])]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await router.load();
  container = document.createElement('div');
  document.body.append(container);
  const created = createRoot(container);
  root = created;
  await act(async () => {
    created.render(
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>,
    );
  });
  return container;
}

function groupKeys(element: HTMLElement): string[] {
  return [...element.querySelectorAll('[data-testid^="nav-group-"]')].map((node) => node.getAttribute('data-testid')?.replace('nav-group-', '') ?? '');
}

describe('the header follows the site config', () => {
  it('R-HEAD-02 R-ROLE-04 shows every navigation group when every feature is on and the bitmask is 0', async () => {
    const view = await renderHeader(BASE_CONFIG);
    expect(view.querySelector('[data-testid="header"]')?.getAttribute('data-compact')).toBe('false');
    expect(groupKeys(view)).toEqual(['buyCoins', 'quotes', 'exchange', 'futures', 'boption', 'finance', 'more']);
  });

  it('R-HEAD-02 removes the C2C entry when c2c is disabled', async () => {
    const view = await renderHeader({ ...BASE_CONFIG, c2c: { enabled: false } });
    expect(groupKeys(view)).not.toContain('buyCoins');
    expect(groupKeys(view)).toContain('quotes');
  });

  it('R-ROLE-04 leaves out the areas whose bit is set (binary options 4, futures 16)', async () => {
    const view = await renderHeader({ ...BASE_CONFIG, permission: 4 | 16 });
    expect(groupKeys(view)).toEqual(['buyCoins', 'quotes', 'exchange', 'finance', 'more']);
  });

  it('R-HEAD-02 keeps a group while one of its pages is left, and shows only that page', async () => {
    // Convert (64) off leaves spot trading alone in the Trade group, which becomes a plain link.
    const view = await renderHeader({ ...BASE_CONFIG, permission: 64 });
    const trade = view.querySelector('[data-testid="nav-group-exchange"]');
    expect(trade?.tagName).toBe('A');
    expect(trade?.getAttribute('href')).toBe('/en/exchange');
  });

  it('R-HEAD-03 R-ROLE-01 gives a visitor Log in and Register in the page language, and an avatar that goes to login', async () => {
    const view = await renderHeader(BASE_CONFIG, '/de/quotes');
    expect(view.querySelector('[data-testid="login-link"]')?.getAttribute('href')).toBe('/de/login');
    expect(view.querySelector('[data-testid="register-link"]')?.getAttribute('href')).toBe('/de/register');
    expect(view.querySelector('[data-testid="avatar"]')?.getAttribute('href')).toBe('/de/login');
    expect(view.querySelector('[data-testid="asset-overview"]')).toBeNull();
    expect(view.querySelector('[data-testid="user-menu"]')).toBeNull();
  });

  it('R-LANG-03 lists only the supported languages and marks the current one', async () => {
    const view = await renderHeader({ ...BASE_CONFIG, supportedLanguages: ['en', 'de', 'ja'] }, '/de');
    const button = view.querySelector<HTMLButtonElement>('[data-testid="language-button"]');
    await act(async () => button?.click());
    const options = [...view.querySelectorAll('[data-testid^="language-option-"]')];
    expect(options.map((option) => option.getAttribute('data-testid'))).toEqual(['language-option-en', 'language-option-de', 'language-option-ja']);
    expect(view.querySelector('[data-testid="language-option-de"]')?.getAttribute('aria-current')).toBe('true');
    expect(button?.getAttribute('aria-expanded')).toBe('true');
  });
});
