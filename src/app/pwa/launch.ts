/**
 * Opening the installed app. The manifest's start URL and shortcuts carry `?launch=app` and no
 * language prefix, since one manifest serves every language; a launch opens the same page in the
 * language the user last used (the stored language), so that an app used in English does not open
 * in the default Indonesian. The marker is dropped from the address before the router reads it.
 */
import type { Language } from '../../shared/languages';
import { switchPathLanguage } from '../i18n/routeLanguage';

const LAUNCH_PARAM = 'launch';
const LAUNCH_VALUE = 'app';

/** What the manifest's start URL and shortcuts add to a path. */
export const APP_LAUNCH_QUERY = `?${LAUNCH_PARAM}=${LAUNCH_VALUE}`;

/** The address an app launch should show, or null when this page load is not a launch. */
export function launchTarget(location: Pick<Location, 'pathname' | 'search' | 'hash'>, storedLanguage: Language | null): string | null {
  const params = new URLSearchParams(location.search);
  if (params.get(LAUNCH_PARAM) !== LAUNCH_VALUE) return null;
  params.delete(LAUNCH_PARAM);
  const query = params.toString();
  const path = `${location.pathname}${query ? `?${query}` : ''}`;
  return `${storedLanguage ? switchPathLanguage(path, storedLanguage) : path}${location.hash}`;
}
