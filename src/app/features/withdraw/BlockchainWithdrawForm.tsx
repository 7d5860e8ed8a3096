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
import { Button } from '../../ui/Button';
import { FormField } from '../../ui/FormField';
import { CoinSelector, NetworkSelector } from '../../ui/SearchSelect';
import { TextField } from '../../ui/TextField';
import { amountFigures } from './withdrawAmount';
import { useAmountRows, WithdrawAmount } from './WithdrawAmount';
import { WithdrawConfirm } from './WithdrawConfirm';
import { useWithdrawQuota, type SecurityStatus, type WithdrawRequest } from './withdrawData';
import { blockedUntil, mayWithdraw, WithdrawGate } from './WithdrawGate';
import type { WithdrawField } from './withdrawRefusal';
import styles from './withdraw.module.css';

type Coin = WithdrawConfig['blockchain'][number];

export interface WithdrawFormProps {
  security: SecurityStatus | null;
  /** After a refusal that may have changed the security state (a cool-off, a lock). */
  onStale: () => void;
  /** After a withdrawal was made. */
  onSubmitted: () => void;
}

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
  // The selectors' accessible names carry what they show (axe: the visible text is part of the name).
  const chosenCoin = coin.currency;
  const chosenNetwork = network.name;
  return (
    <div className={styles.form} data-testid="withdraw-blockchain" data-coin={coin.currency} data-network={network.network}>
      <div className={styles.selectors}>
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
              label={t`Coin: ${chosenCoin}`}
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
              label={t`Network: ${chosenNetwork}`}
              testId="withdraw-network"
            />
          )}
        </FormField>
      </div>
      {/* A new coin or network starts the address and the amount again: their checks are the network's. */}
      <NetworkWithdrawal key={`${coin.currency}/${network.network}`} currency={coin.currency} network={network} {...props} />
    </div>
  );
}

function NetworkWithdrawal({ currency, network, security, onStale, onSubmitted }: WithdrawFormProps & { currency: string; network: WithdrawNetwork }) {
  const { t } = useLingui();
  const quota = useWithdrawQuota('blockchain', currency);
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');
  const [pressed, setPressed] = useState(false);
  const [refused, setRefused] = useState<Partial<Record<WithdrawField, string>>>({});
  const [request, setRequest] = useState<WithdrawRequest | null>(null);
  const terms = { fee: network.fee, min: network.min, max: network.max };
  const figures = amountFigures(amount, terms, quota.view.phase === 'ready' ? quota.view.data : null);
  const until = blockedUntil(security, quota.view);
  const trimmed = address.trim();
  const networkName = network.name;
  const addressError = refused.address ?? (trimmed !== '' && !addressFits(trimmed, network) ? t`This is not a ${networkName} address.` : pressed && trimmed === '' ? t`Enter the address to send to.` : null);
  const amountError = refused.amount ?? (pressed && figures.units === null ? t`Enter an amount.` : null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPressed(true);
    if (addressError || amountError || figures.units === null || figures.problem || !mayWithdraw(security, until)) return;
    setRequest({
      type: 'blockchain',
      input: { currency, network: network.network, address: trimmed, amount },
    });
  };
  const amountRows = useAmountRows(figures, currency);
  return (
    <>
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label={t`Address`}
          value={address}
          onChange={(value) => {
            setAddress(value);
            setRefused((current) => ({ ...current, address: undefined }));
          }}
          hint={t`Only a ${networkName} address: funds sent on another network are lost.`}
          error={addressError}
          mono
          testId="withdraw-address"
        />
        <WithdrawAmount
          currency={currency}
          terms={terms}
          quota={quota.view}
          figures={figures}
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setRefused((current) => ({ ...current, amount: undefined }));
          }}
          error={amountError}
        />
        <WithdrawGate security={security} until={until} />
        <Button type="submit" block disabled={!mayWithdraw(security, until)} data-testid="withdraw-submit">
          {t`Withdraw`}
        </Button>
      </form>
      <WithdrawConfirm
        request={request}
        summary={[
          { label: t`Coin`, value: currency, testId: 'withdraw-summary-coin' },
          {
            label: t`Network`,
            value: networkName,
            testId: 'withdraw-summary-network',
          },
          {
            label: t`Address`,
            value: <span className={styles.mono}>{trimmed}</span>,
            testId: 'withdraw-summary-address',
          },
          ...amountRows,
        ]}
        gaBound={security?.gaBound ?? false}
        onClose={() => setRequest(null)}
        onFormRefusal={(fields) => {
          setRequest(null);
          setRefused(fields);
        }}
        onStale={() => {
          onStale();
          quota.reload();
        }}
        onDone={() => {
          setRequest(null);
          setAddress('');
          setAmount('');
          setPressed(false);
          quota.reload();
          onSubmitted();
        }}
      />
    </>
  );
}
