/**
 * The optional language prefix of every path (spec 2: every path exists without a prefix and
 * under each language prefix). A first segment that is not a prefixed language makes parse
 * return false, so the router matches the path without a prefix instead. The site config and
 * the language's catalog are loaded here once for every page below; the config is kept for the
 * spec's 10 minutes. The route's language is stored as the request language (ARCHITECTURE.md).
 */
import { Outlet, createFileRoute, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import type { SiteConfig } from '../../../shared/api/site';
import { CONFIG_CACHE_MS } from '../../../shared/constants';
import { intlLocale, type Language } from '../../../shared/languages';
import { fetchSiteConfig } from '../../api/siteConfig';
import { displayLanguageOf, prefixedLanguageOf, requestLanguageOf } from '../../i18n/routeLanguage';
import { activateLanguage } from '../../i18n/catalogs';
import { storeLanguage } from '../../i18n/storedLanguage';
import { AppLayout } from '../../layout/AppLayout';
import { ErrorPage } from '../../layout/ErrorPage';
import { Frame } from '../../layout/Frame';
import { isChunkLoadError } from '../../pwa/chunkReload';
import { NetworkErrorMessage } from '../../pwa/NetworkErrorMessage';
import { StatusMessage } from '../../ui/StatusMessage';

export const Route = createFileRoute('/{-$locale}')({
  params: {
    parse: (raw) => {
      if (raw.locale === undefined) return { locale: undefined };
      const language = prefixedLanguageOf(raw.locale);
      return language ? { locale: language } : false;
    },
    stringify: ({ locale }) => ({ locale }),
  },
  loader: async ({ params, abortController }) => {
    const language = displayLanguageOf(params.locale);
    storeLanguage(language);
    const [config] = await Promise.all([fetchSiteConfig(requestLanguageOf(params.locale), abortController.signal), activateLanguage(language)]);
    return config;
  },
  staleTime: CONFIG_CACHE_MS,
  // Every page draws this layout: it stays in the entry's graph, whose chunks index.html
  // preloads with the entry, instead of a chunk requested only once the entry has run.
  codeSplitGroupings: [],
  component: LocaleLayout,
  pendingComponent: LocalePending,
  errorComponent: LocaleError,
});

function useDisplayLanguage(): Language {
  const { locale } = Route.useParams();
  const language = displayLanguageOf(locale);
  useEffect(() => {
    document.documentElement.lang = intlLocale(language);
  }, [language]);
  return language;
}

function LocaleLayout() {
  useDisplayLanguage();
  const config = Route.useLoaderData();
  useEffect(() => {
    document.title = config.name;
  }, [config.name]);
  return (
    <AppLayout config={config}>
      <Outlet />
    </AppLayout>
  );
}

function LocalePending() {
  const language = useDisplayLanguage();
  const { t } = useLingui();
  return (
    <Frame language={language}>
      <StatusMessage tone="loading" title={t`Loading`} />
    </Frame>
  );
}

/**
 * A config that could not be loaded shows the offline notice or the error with a retry (it
 * retries by itself when the browser is back online). Any other error under this route (a page
 * that failed to render, a page chunk that failed to load) shows the error page of spec 2 in the
 * layout; if the layout itself is what fails, the root route's error page takes over.
 */
function LocaleError({ error }: ErrorComponentProps) {
  const language = useDisplayLanguage();
  const router = useRouter();
  const match = Route.useMatch();
  const config: SiteConfig | undefined = match.status === 'error' ? undefined : match.loaderData;
  if (config) {
    return (
      <AppLayout config={config}>
        <ErrorPage error={error} />
      </AppLayout>
    );
  }
  return (
    <Frame language={language}>
      {isChunkLoadError(error) ? <ErrorPage error={error} /> : <NetworkErrorMessage error={error} onRetry={() => void router.invalidate()} />}
    </Frame>
  );
}
