/**
 * The four wallets as the Assets pages name them: each one's title, its page, and which of them
 * the site config shows (the loan wallet only while loanEnabled is on, R-LAY-09).
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { getRouteApi } from '@tanstack/react-router';
import { WALLETS, type WalletName } from '../../../shared/api/balance';
import { featureSetOf } from '../../../shared/layout';

export const WALLET_TITLES: Record<WalletName, MessageDescriptor> = {
  spot: msg`Spot account`,
  futures: msg`Futures account`,
  finance: msg`Finance account`,
  loan: msg`Loan account`,
};

export const WALLET_PATHS: Record<WalletName, string> = {
  spot: '/assets/assetspot',
  futures: '/assets/assetcontract',
  finance: '/assets/finance',
  loan: '/assets/assetloan',
};

export const DEPOSIT_PATH = '/assets/assetdeposit';
export const WITHDRAW_PATH = '/assets/assetwithdraw';

const localeRoute = getRouteApi('/{-$locale}');

/** The wallets the site config shows, in the menu's order. */
export function useShownWallets(): WalletName[] {
  const config = localeRoute.useLoaderData();
  const loan = featureSetOf(config).has('loan');
  return WALLETS.filter((wallet) => wallet !== 'loan' || loan);
}
