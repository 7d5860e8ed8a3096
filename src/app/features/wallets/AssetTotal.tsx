/**
 * The total asset value of the Assets overview (spec 4, R-STATE-09, the header's figure): the spot
 * wallet and the futures USDT (FTUSDT) in USDT, truncated to 3 decimals (spec 9, R-VAL-10), masked by the header's eye toggle (the same
 * remembered choice: hiding it in one place hides it in both), with Deposit, Withdraw and
 * Transfer. Areas that do not exist yet (loans, staking, savings orders) add nothing until their
 * issues bring them. AssetTotalApp is the phone's card of the same figure.
 */
import { useLingui } from '@lingui/react/macro';
import { formatAssetTotal } from '../../../shared/format';
import { intlLocale } from '../../../shared/languages';
import { useLanguage } from '../../i18n/useLanguage';
import { useAssetTotalHidden } from '../../layout/header/headerHooks';
import { groupDigits, maskAmount, VALUE_CURRENCY } from '../../layout/header/headerLogic';
import { Button, ButtonLink } from '../../ui/Button';
import { EyeIcon, EyeOffIcon } from '../../ui/icons';
import { Panel } from '../../ui/Panel';
import styles from './wallets.module.css';
import { DEPOSIT_PATH, WITHDRAW_PATH } from './wallets';

/** An amount in USDT as the Assets pages show it: 3 decimals truncated, digits grouped for the language. */
export function useUsdtFormat(): (value: string) => string {
  const locale = intlLocale(useLanguage());
  return (value) => groupDigits(formatAssetTotal(value), locale);
}

export function AssetTotal({ total, ready, onTransfer, variant = 'page' }: { total: string | null; ready: boolean; onTransfer: () => void; variant?: 'page' | 'app' }) {
  const { t } = useLingui();
  const format = useUsdtFormat();
  const [hidden, setHidden] = useAssetTotalHidden();
  return (
    <Panel className={styles.total} data-variant={variant} data-testid="asset-total-panel" aria-label={t`Total asset value`}>
      <div className={styles.totalHeading}>
        <span className={styles.muted}>{t`Total asset value`}</span>
        <Button variant="icon" size="small" aria-pressed={hidden} aria-label={hidden ? t`Show the total` : t`Hide the total`} onClick={() => setHidden(!hidden)} data-testid="assets-eye">
          {hidden ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
        </Button>
      </div>
      <p className={styles.totalValue} aria-live="polite" aria-busy={!ready}>
        <span data-testid="assets-total" data-state={ready ? 'ready' : 'loading'} data-value={total ?? undefined}>
          {ready && total !== null ? maskAmount(format(total), hidden) : '…'}
        </span>{' '}
        <span className={styles.muted}>{VALUE_CURRENCY}</span>
      </p>
      <p className={`${styles.muted} ${styles.totalNote}`} data-testid="assets-total-note">
        {t`Counts the spot account and the futures account's USDT. The finance and loan accounts count through their products.`}
      </p>
      <div className={styles.actions}>
        <ButtonLink to={DEPOSIT_PATH} data-testid="assets-deposit">
          {t`Deposit`}
        </ButtonLink>
        <ButtonLink to={WITHDRAW_PATH} variant="secondary" data-testid="assets-withdraw">
          {t`Withdraw`}
        </ButtonLink>
        <Button variant="secondary" onClick={onTransfer} data-testid="assets-transfer">
          {t`Transfer`}
        </Button>
      </div>
    </Panel>
  );
}
