/**
 * The deposit page's content (spec 2 /Assets/AssetDeposit): a coin and one of its networks, the
 * user's address for them with its QR code and a copy button, what a deposit needs (only that coin
 * on that network, the network's confirmations, the minimum below which a deposit is recorded but
 * not credited), the spot balance of the coin, and the latest deposits of the coin as they confirm.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import type { ChainNetwork, SupportedCoin } from '../../../shared/api/chain';
import { trimZeros } from '../../../shared/decimal';
import { formatBalance } from '../../../shared/format';
import { session } from '../../state/session';
import { Button, ButtonLink } from '../../ui/Button';
import { canCopyText, copyText } from '../../ui/clipboard';
import { FieldRow } from '../../ui/FieldRow';
import { FormField } from '../../ui/FormField';
import { CopyIcon } from '../../ui/icons';
import { Panel } from '../../ui/Panel';
import { QrCode } from '../../ui/QrCode';
import { CoinSelector, NetworkSelector } from '../../ui/SearchSelect';
import { Stat, StatGroup } from '../../ui/Stat';
import { StatusMessage } from '../../ui/StatusMessage';
import { useBlockchainConfig, useCoinAddress } from './depositData';
import { DepositsTable } from './DepositsTable';
import styles from './deposit.module.css';

/** How many of the coin's deposits the page shows; the history has them all. */
const RECENT_DEPOSITS_MAX = 5;

/** `initialCoin`: the coin to open on (the page's ?coin=); the first coin when it is none of them. */
export function DepositScreen({ initialCoin }: { initialCoin?: string }) {
  const { t } = useLingui();
  const { view, retry } = useBlockchainConfig();
  if (view.phase === 'loading') return <StatusMessage tone="loading" title={t`Loading…`} headingLevel={2} testId="deposit-loading" />;
  if (view.phase === 'failed') {
    return <StatusMessage tone="error" title={t`Deposits could not be loaded.`} headingLevel={2} action={{ label: t`Try again`, onClick: retry }} testId="deposit-failed" />;
  }
  const coins = view.data.supportedCoins.filter((coin) => coin.networks.some((network) => network.depositEnabled));
  if (coins.length === 0) return <StatusMessage tone="neutral" title={t`Deposits are not available at the moment.`} headingLevel={2} testId="deposit-none" />;
  // A new ?coin= (a Deposit link followed from this page) starts the form again on that coin.
  return <DepositForm key={initialCoin} coins={coins} initialCoin={initialCoin} />;
}

function DepositForm({ coins, initialCoin }: { coins: SupportedCoin[]; initialCoin?: string }) {
  const { t } = useLingui();
  const [coinCode, setCoinCode] = useState(initialCoin ?? '');
  const coin = coins.find((candidate) => candidate.currency === coinCode) ?? coins[0];
  const networks = coin?.networks.filter((network) => network.depositEnabled) ?? [];
  const [networkId, setNetworkId] = useState<string | null>(null);
  const network = networks.find((candidate) => candidate.network === networkId) ?? networks[0];
  if (!coin || !network) return null;
  const chooseCoin = (code: string) => {
    setCoinCode(code);
    setNetworkId(null);
  };
  return (
    <div className={styles.screen} data-testid="deposit" data-coin={coin.currency} data-network={network.network}>
      <Panel title={t`Deposit crypto`}>
        <FieldRow className={styles.selectors}>
          <FormField label={t`Coin`}>
            {(control) => (
              <CoinSelector
                {...control}
                coins={coins.map((item) => ({ code: item.currency, name: item.displayName, iconUrl: `/icons/coins/${item.currency.toLowerCase()}.svg` }))}
                value={coin.currency}
                onValueChange={chooseCoin}
                label={t`Coin`}
                testId="deposit-coin"
              />
            )}
          </FormField>
          <FormField label={t`Network`}>
            {(control) => (
              <NetworkSelector
                {...control}
                networks={networks.map(({ network: id, name, confirmations }) => ({ id, name, note: t`${confirmations} confirmations` }))}
                value={network.network}
                onValueChange={setNetworkId}
                label={t`Network`}
                testId="deposit-network"
              />
            )}
          </FormField>
        </FieldRow>
        <DepositAddress coin={coin.currency} network={network} />
      </Panel>
      <Panel
        flush
        title={t`Recent deposits`}
        actions={
          <ButtonLink to="/assets/deposithistory" variant="ghost" size="small">
            {t`All deposits`}
          </ButtonLink>
        }
      >
        <DepositsTable coin={coin.currency} pageSize={RECENT_DEPOSITS_MAX} paged={false} testId="deposit-recent" />
      </Panel>
    </div>
  );
}

function SpotBalance({ coin }: { coin: string }) {
  const { t } = useLingui();
  const { balances } = useSnapshot(session);
  const balance = balances?.find((entry) => entry.currency === coin);
  return (
    <StatGroup>
      <Stat label={t`Spot balance`} value={balance ? `${formatBalance(balance.balance, coin)} ${coin}` : '…'} testId="deposit-balance" />
    </StatGroup>
  );
}

function DepositAddress({ coin, network }: { coin: string; network: ChainNetwork }) {
  const { t } = useLingui();
  const { view, retry } = useCoinAddress(coin, network.network);
  if (view.phase === 'loading') return <StatusMessage tone="loading" title={t`Loading…`} headingLevel={3} testId="deposit-address-loading" />;
  if (view.phase === 'failed') {
    return <StatusMessage tone="error" title={t`The deposit address could not be loaded.`} headingLevel={3} action={{ label: t`Try again`, onClick: retry }} testId="deposit-address-failed" />;
  }
  const { address } = view.data;
  const copy = () => copyText(address, t`Address copied.`, 'The address could not be copied');
  const networkName = network.name;
  const confirmations = network.confirmations;
  const minimum = trimZeros(network.depositMin);
  return (
    <div className={styles.details}>
      <div className={styles.address}>
        <QrCode value={address} label={t`QR code of your ${coin} deposit address`} testId="deposit-qr" />
        <div className={styles.addressText}>
          <p className={styles.addressLabel}>{t`Your ${coin} address on ${networkName}`}</p>
          <p className={styles.addressValue} data-testid="deposit-address">
            {address}
          </p>
          {canCopyText() && (
            <div>
              <Button variant="secondary" size="small" onClick={copy} data-testid="deposit-copy">
                <CopyIcon aria-hidden="true" />
                {t`Copy address`}
              </Button>
            </div>
          )}
          <SpotBalance coin={coin} />
        </div>
      </div>
      <ul className={styles.notes} data-testid="deposit-notes">
        <li>{t`Send only ${coin} on ${networkName} to this address: anything else may be lost.`}</li>
        <li data-testid="deposit-confirmations">{t`Your deposit is credited after ${confirmations} network confirmations.`}</li>
        <li data-testid="deposit-minimum">{t`Minimum deposit: ${minimum} ${coin}. A smaller deposit is recorded but not credited.`}</li>
      </ul>
    </div>
  );
}
