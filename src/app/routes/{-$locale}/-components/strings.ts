/**
 * Every string the home status page adds for the hub's ticker, account panel and notices, in one
 * place, as Lingui message descriptors: the components render them with `_()` in the page's
 * language. A storage state that needs no notice has none.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { QuoteFeed, StorageStatus } from '../../../../workers/protocol';
import type { HubFailure } from '../../../state/hub-store';

export const HOME_STRINGS = {
  marketsTitle: msg`Markets`,
  marketColumn: msg`Market`,
  priceColumn: msg`Last price`,
  changeColumn: msg`24h change`,
  quotesWaiting: msg`Waiting for the first prices…`,
  savedPrices: msg`Saved prices, updating…`,
  feed: {
    idle: msg`Connecting`,
    live: msg`Live`,
    polling: msg`Updating every few seconds`,
    paused: msg`Paused while the page is hidden`,
  } satisfies Record<QuoteFeed, MessageDescriptor>,
  accountTitle: msg`Account`,
  checkingSession: msg`Checking your session…`,
  signInHint: msg`Sign in to see your notifications.`,
  emailLabel: msg`E-mail`,
  passwordLabel: msg`Password`,
  signIn: msg`Sign in`,
  signingIn: msg`Signing in…`,
  signOut: msg`Sign out`,
  signedInAs: msg`Signed in as`,
  unreadNotifications: msg`Unread notifications`,
  notificationsOff: msg`Notifications are off`,
  storage: {
    opening: null,
    ok: null,
    blocked: msg`An older version of this app is open in another tab: close it so that prices can be saved on this device.`,
    full: msg`This device has no room left to save prices: the page keeps working, but opens without saved data next time.`,
    closed: msg`A newer version of this app took over the saved data: reload this tab to use it.`,
    unavailable: msg`This browser does not let the app save data: the page works, but needs the network every time.`,
    failed: msg`Saving data on this device failed: the page works, but needs the network every time.`,
  } satisfies Record<StorageStatus['state'], MessageDescriptor | null>,
  hubFailure: {
    start: msg`The live data service could not start. Reload the page to try again.`,
    attach: msg`The live data service did not answer. Reload the page to try again.`,
  } satisfies Record<HubFailure['reason'], MessageDescriptor>,
  dismiss: msg`Dismiss`,
};
