/**
 * Where the customer-service button leads (spec 2, "Help desk chat widget", R-HELP-03/04/05): a
 * signed-out user goes to login when the help desk requires authentication; otherwise the help
 * link is the profile's helpDeskLink, else the config's extLink when helpDesk.useExternal says to
 * use it; else the button opens the help-desk chat.
 */
import type { SiteConfig } from '../../shared/api/site';

export type ServiceTarget =
  | { kind: 'login' }
  /** An address outside the app, opened in a new tab. */
  | { kind: 'external'; href: string }
  /** A page of the app, given without a language prefix. */
  | { kind: 'page'; path: string }
  /** The help-desk chat panel. */
  | { kind: 'chat' };

/** Only web addresses leave the app: a configured link is operator input, never a script URL. */
function isWebAddress(link: string): boolean {
  return /^https?:\/\/\S+$/i.test(link);
}

function isAppPath(link: string): boolean {
  return link.startsWith('/') && !link.startsWith('//');
}

function targetOfLink(link: string | undefined): ServiceTarget | undefined {
  const trimmed = link?.trim() ?? '';
  if (isWebAddress(trimmed)) return { kind: 'external', href: trimmed };
  if (isAppPath(trimmed)) return { kind: 'page', path: trimmed };
  return undefined;
}

export function serviceWidgetTarget(
  helpDesk: SiteConfig['helpDesk'],
  session: { signedIn: boolean; helpDeskLink?: string },
): ServiceTarget {
  if (helpDesk.authRequired && !session.signedIn) return { kind: 'login' };
  const profileTarget = session.signedIn ? targetOfLink(session.helpDeskLink) : undefined;
  if (profileTarget) return profileTarget;
  const configTarget = helpDesk.useExternal ? targetOfLink(helpDesk.extLink) : undefined;
  return configTarget ?? { kind: 'chat' };
}
