/**
 * The blockchain withdrawal (spec 2 BlockChainWithdrawForm): a coin and one of its networks open
 * for withdrawals, the address, checked against the network's format as it is typed, and the
 * amount with its fee, limits and today's quota (WithdrawAmount). Withdraw opens the confirmation
 * (WithdrawConfirm), which asks for the proof and sends POST /blockchain/withdraw.
 */
import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { WithdrawConfig, WithdrawNetwork } from '../../../shared/api/withdraw';
import { trimZeros } from '../../../shared/decimal';
import { FieldRow } from '../../ui/FieldRow';
import { FormField } from '../../ui/FormField';
import { CoinSelector, NetworkSelector } from '../../ui/SearchSelect';
import { TextField } from '../../ui/TextField';
import { useWithdrawFlow, type WithdrawFormProps } from './useWithdrawFlow';
import styles from './withdraw.module.css';

type Coin = WithdrawConfig['blockchain'][number];

/** Whether the address has the network's format (its anchored regular expression). */
function addressFits(address: string, network: WithdrawNetwork): boolean {
  return new RegExp(network.addressRegex).test(address);
}

export function BlockchainWithdrawForm({ coins, initialCoin, ...props }: WithdrawFormProps & { coins: readonly Coin[]; initialCoin?: string }) {
  const { t } = useLingui();
  const open = coins.filter((coin) => coin.networks.some((network) => network.enabled));
  const [coinCode, setCoinCode] = useState(initialCoin ?? '');
  const coin = open.find((candidate) => candidate.currency === coinCode) ?? open[0];
  const networks = coin?.networks.filter((network) => network.enabled) ?? [];
  const [networkId, setNetworkId] = useState<string | null>(null);
  const network = networks.find((candidate) => candidate.network === networkId) ?? networks[0];
  if (!coin || !network) return <p className={styles.empty} data-testid="withdraw-blockchain-none">{t`Withdrawals to a blockchain are not available at the moment.`}</p>;
  const chosenCoin = coin.currency;
  return (
    <div className={styles.stack} data-testid="withdraw-blockchain" data-coin={coin.currency} data-network={network.network}>
      <FieldRow>
        <FormField label={t`Coin`}>
          {(control) => (
            <CoinSelector
              {...control}
              coins={open.map((item) => ({
                code: item.currency,
                name: item.displayName,
                iconUrl: `/icons/coins/${item.currency.toLowerCase()}.svg`,
              }))}
              value={coin.currency}
              onValueChange={(code) => {
                setCoinCode(code);
                setNetworkId(null);
              }}
              label={t`Coin`}
              testId="withdraw-coin"
            />
          )}
        </FormField>
        <FormField label={t`Network`}>
          {(control) => (
            <NetworkSelector
              {...control}
              networks={networks.map(({ network: id, name, fee }) => {
                const networkFee = trimZeros(fee);
                return { id, name, note: t`Fee ${networkFee} ${chosenCoin}` };
              })}
              value={network.network}
              onValueChange={setNetworkId}
              label={t`Network`}
              testId="withdraw-network"
            />
          )}
        </FormField>
      </FieldRow>
      {/* A new coin or network starts the address and the amount again: their checks are the network's. */}
      <NetworkWithdrawal key={`${coin.currency}/${network.network}`} currency={coin.currency} network={network} {...props} />
    </div>
  );
}

function NetworkWithdrawal({ currency, network, ...props }: WithdrawFormProps & { currency: string; network: WithdrawNetwork }) {
  const { t } = useLingui();
  const flow = useWithdrawFlow('blockchain', currency, { fee: network.fee, min: network.min, max: network.max }, props);
  const [address, setAddress] = useState('');
  const trimmed = address.trim();
  const networkName = network.name;
  const addressError = flow.refused.address ?? (trimmed !== '' && !addressFits(trimmed, network) ? t`This is not a ${networkName} address.` : flow.pressed && trimmed === '' ? t`Enter the address to send to.` : null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    flow.confirm(addressError === null && trimmed !== '', { type: 'blockchain', input: { currency, network: network.network, address: trimmed, amount: flow.amount } });
  };
  return (
    <>
      <form className={styles.stack} onSubmit={submit} noValidate>
        <TextField
          label={t`Address`}
          value={address}
          onChange={(value) => {
            setAddress(value);
            flow.clearRefusal('address');
          }}
          hint={t`Only a ${networkName} address: funds sent on another network are lost.`}
          error={addressError}
          mono
          testId="withdraw-address"
        />
        {flow.amountField}
        {flow.submitRow()}
      </form>
      {flow.confirmation(
        [
          { label: t`Coin`, value: currency, testId: 'withdraw-summary-coin' },
          { label: t`Network`, value: networkName, testId: 'withdraw-summary-network' },
          { label: t`Address`, value: <span className={styles.mono}>{trimmed}</span>, testId: 'withdraw-summary-address' },
        ],
        () => setAddress(''),
      )}
    </>
  );
}
