/**
 * The asset overview (R-HEAD-05, R-STATE-09/10): the total of the user's balances in USDT,
 * valued at the last price of each coin's USDT spot market, with an eye toggle that masks it
 * and the Deposit and Withdraw links. The prices are watched only while the total is on screen.
 * Opening it reads the balances again when the user is not verified yet (a first deposit is
 * likely on its way); the header's flag timer reads them whenever the assets changed.
 */
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { formatAssetTotal } from '../../../shared/format';
import { intlLocale } from '../../../shared/languages';
import { totalAssetValue } from '../../../shared/valuation';
import { useLanguage } from '../../i18n/useLanguage';
import { useQuotes, useSymbols } from '../../state/hub';
import { loadBalances, session } from '../../state/session';
import { PageLink } from '../../ui/PageLink';
import { Dropdown } from '../../ui/Dropdown';
import { groupDigits, heldCurrencies, maskAmount, usdtMarketIds, usdtPriceOf, VALUE_CURRENCY } from './headerLogic';
import { useAssetTotalHidden, useWaitedOut } from './headerHooks';
import { EyeIcon, EyeOffIcon, WalletIcon } from '../../ui/icons';
import styles from './Header.module.css';

export const DEPOSIT_PATH = '/assets/assetDeposit';
export const WITHDRAW_PATH = '/assets/assetWithdraw';

/**
 * The total as shown: null while the balances are unread; complete is false while some coin's
 * price has not arrived yet.
 */
function useAssetTotal(): { total: string | null; complete: boolean } {
  const { balances } = useSnapshot(session);
  const symbols = useSymbols();
  const ids = balances ? usdtMarketIds(symbols, heldCurrencies(balances)) : [];
  const quotes = useQuotes(ids);
  if (!balances) return { total: null, complete: false };
  const total = formatAssetTotal(totalAssetValue({ balances }, usdtPriceOf(symbols, quotes)));
  return { total, complete: ids.every((id) => quotes.has(id)) };
}

/** The total, the eye toggle and the two links: the dropdown's panel and the user drawer's section. */
export function AssetBalance() {
  const { t } = useLingui();
  const locale = intlLocale(useLanguage());
  const { total, complete } = useAssetTotal();
  const waitedOut = useWaitedOut();
  const [hidden, setHidden] = useAssetTotalHidden();
  const ready = total !== null && (complete || waitedOut);
  return (
    <div className={styles.assetBalance}>
      <div className={styles.assetHeading}>
        <span className={styles.muted}>{t`Total assets`}</span>
        <button
          type="button"
          className={styles.iconButtonSmall}
          aria-pressed={hidden}
          aria-label={hidden ? t`Show the total` : t`Hide the total`}
          data-testid="asset-eye"
          onClick={() => setHidden(!hidden)}
        >
          {hidden ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
        </button>
      </div>
      <p className={styles.assetTotal} aria-live="polite" aria-busy={!ready}>
        <span data-testid="asset-total" data-state={ready ? 'ready' : 'loading'}>
          {ready ? maskAmount(groupDigits(total, locale), hidden) : '…'}
        </span>{' '}
        <span className={styles.assetCurrency}>{VALUE_CURRENCY}</span>
      </p>
      <div className={styles.assetActions}>
        <PageLink to={DEPOSIT_PATH} className={styles.primaryButton} data-testid="asset-deposit">
          {t`Deposit`}
        </PageLink>
        <PageLink to={WITHDRAW_PATH} className={styles.secondaryButton} data-testid="asset-withdraw">
          {t`Withdraw`}
        </PageLink>
      </div>
    </div>
  );
}

export function AssetOverview({ verified, showLabel }: { verified: boolean; showLabel: boolean }) {
  const { t } = useLingui();
  return (
    <Dropdown
      testId="asset-overview"
      trigger={
        <>
          <WalletIcon />
          {showLabel ? <span>{t`Assets`}</span> : null}
        </>
      }
      triggerLabel={showLabel ? undefined : t`Assets`}
      chevron={showLabel}
      align="end"
      panelClassName={styles.assetPanel}
      onOpen={() => {
        if (!verified) void loadBalances(true);
      }}
    >
      <AssetBalance />
    </Dropdown>
  );
}
