/**
 * Every string the home status page adds for the hub's ticker, account panel and notices, in one
 * place: the app has no message catalogs yet (Lingui comes with a later issue), so they are
 * English only and few.
 */
import type { QuoteFeed, StorageStatus } from '../../../../workers/protocol';
import type { HubFailure } from '../../../state/hub-store';

export const HOME_STRINGS = {
  marketsTitle: 'Markets',
  marketColumn: 'Market',
  priceColumn: 'Last price',
  changeColumn: '24h change',
  quotesWaiting: 'Waiting for the first prices…',
  savedPrices: 'Saved prices, updating…',
  feed: {
    idle: 'Connecting',
    live: 'Live',
    polling: 'Updating every few seconds',
    paused: 'Paused while the page is hidden',
  } satisfies Record<QuoteFeed, string>,
  accountTitle: 'Account',
  checkingSession: 'Checking your session…',
  signInHint: 'Sign in to see your notifications.',
  emailLabel: 'E-mail',
  passwordLabel: 'Password',
  signIn: 'Sign in',
  signingIn: 'Signing in…',
  signOut: 'Sign out',
  signedInAs: 'Signed in as',
  unreadNotifications: 'Unread notifications',
  notificationsOff: 'Notifications are off',
  storage: {
    opening: '',
    ok: '',
    blocked: 'An older version of this app is open in another tab: close it so that prices can be saved on this device.',
    full: 'This device has no room left to save prices: the page keeps working, but opens without saved data next time.',
    closed: 'A newer version of this app took over the saved data: reload this tab to use it.',
    unavailable: 'This browser does not let the app save data: the page works, but needs the network every time.',
    failed: 'Saving data on this device failed: the page works, but needs the network every time.',
  } satisfies Record<StorageStatus['state'], string>,
  hubFailure: {
    start: 'The live data service could not start. Reload the page to try again.',
    attach: 'The live data service did not answer. Reload the page to try again.',
  } satisfies Record<HubFailure['reason'], string>,
  dismiss: 'Dismiss',
} as const;
