/**
 * Moves funds between the user's own wallets (spot, futures, finance; the loan wallet moves only
 * through loans) on POST /balance/transfer: the wallets from and to (with a swap), the coin
 * (CoinSelector), the amount with Max from GET /balance/get2, which says what is available in
 * each wallet. One idempotency key per request: a transfer whose answer was lost is sent again
 * with the same key and happens once; a changed request gets a new key. A refusal stays in the
 * dialog (the client toasts it too, spec 8). After a transfer the assets flag changes, so every
 * tab reads its balances again (walletData.ts).
 */
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { balanceGet2Call, balanceTransferCall, FUTURES_USDT, TRANSFER_WALLETS, type WalletName } from '../../../shared/api/balance';
import { ApiError, isNetworkFailure } from '../../../shared/client/client';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { positiveUnits, scaleOfAmount, trimZeros } from '../../../shared/decimal';
import { parseUnits } from '../../../shared/money';
import { randomId } from '../../../shared/random-id';
import { callApi } from '../../api/client';
import { loadBalances, markAssetsChanged, session } from '../../state/session';
import { showToast } from '../../state/hub-store';
import { AmountInput } from '../../ui/AmountInput';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FormField } from '../../ui/FormField';
import { SwapIcon } from '../../ui/icons';
import { CoinSelector } from '../../ui/SearchSelect';
import { Select } from '../../ui/Select';
import { StatusMessage } from '../../ui/StatusMessage';
import styles from './wallets.module.css';
import { WALLET_TITLES } from './wallets';

export type TransferWallet = (typeof TRANSFER_WALLETS)[number];

export interface TransferStart {
  from?: TransferWallet;
  to?: TransferWallet;
  currency?: string;
}

type Available = Record<WalletName, string>;

/** What each wallet has available of a currency; null while reading or when it cannot be read. */
function useAvailable(currency: string, open: boolean, generation: number): Available | null {
  const [available, setAvailable] = useState<{ currency: string; wallets: Available } | null>(null);
  useEffect(() => {
    if (!open) return undefined;
    let current = true;
    void callApi(balanceGet2Call, { query: { currency } }, { silentAll: true })
      .then((data) => {
        if (current && data !== false) setAvailable({ currency, wallets: data });
      })
      .catch((error: unknown) => console.warn('Failed to read the available amounts', error));
    return () => {
      current = false;
    };
  }, [currency, open, generation]);
  return available?.currency === currency ? available.wallets : null;
}

function newKey(): string {
  return randomId();
}

export function AssetTransferDialog({ open, onOpenChange, start }: { open: boolean; onOpenChange: (open: boolean) => void; start?: TransferStart }) {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  const { balances } = useSnapshot(session);
  const [from, setFrom] = useState<TransferWallet>(start?.from ?? 'spot');
  const [to, setTo] = useState<TransferWallet>(start?.to ?? (start?.from === 'futures' ? 'spot' : 'futures'));
  const [currency, setCurrency] = useState(start?.currency ?? 'USDT');
  const [amount, setAmount] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [generation, setGeneration] = useState(0);
  // The key of the request on screen: kept while the request stays the same, so a resend is one transfer.
  const keyRef = useRef<{ request: string; key: string } | null>(null);
  const available = useAvailable(currency, open, generation);
  const coins = (balances ?? []).filter((balance) => balance.currency !== FUTURES_USDT).map((balance) => ({ code: balance.currency, name: balance.displayName }));
  const scale = scaleOfAmount(available?.[from] ?? balances?.find((balance) => balance.currency === currency)?.balance ?? '0');
  const availableUnits = available ? parseUnits(available[from], scale) : undefined;
  const units = positiveUnits(amount, scale);
  const free = available ? trimZeros(available[from]) : null;
  const overBalance = units !== null && availableUnits !== undefined && units > availableUnits;

  const walletOptions = TRANSFER_WALLETS.map((wallet) => ({ value: wallet, label: _(WALLET_TITLES[wallet]) }));
  const choose = (side: 'from' | 'to', wallet: TransferWallet) => {
    const [other, setOther, setSide] = side === 'from' ? [to, setTo, setFrom] : [from, setFrom, setTo];
    if (wallet === other) setOther(side === 'from' ? from : to);
    setSide(wallet);
    setRefusal(null);
  };
  const swap = () => {
    setFrom(to);
    setTo(from);
    setRefusal(null);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (sending || units === null || overBalance) return;
    const body = { from, to, currency, amount };
    const request = JSON.stringify(body);
    if (keyRef.current?.request !== request) keyRef.current = { request, key: newKey() };
    setSending(true);
    setRefusal(null);
    try {
      const result = await callApi(balanceTransferCall, { body }, { idempotencyKey: keyRef.current.key });
      if (result === false) return;
      keyRef.current = null;
      const moved = trimZeros(result.amount);
      showToast(t`Transferred ${moved} ${currency}`, ERROR_TOAST_MS, 'success');
      markAssetsChanged();
      void loadBalances(true);
      setAmount('');
      setGeneration((value) => value + 1);
      onOpenChange(false);
    } catch (error) {
      // No answer: the same key goes with the next press, so the transfer happens at most once.
      if (isNetworkFailure(error)) setRefusal(t`The server did not answer. Press Transfer again: the transfer will not happen twice.`);
      else if (error instanceof ApiError) setRefusal(error.message);
      else throw error;
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t`Transfer between accounts`} testId="transfer-dialog">
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.walletPair}>
          <FormField label={t`From`}>
            {(control) => <Select {...control} value={from} onValueChange={(value) => choose('from', value as TransferWallet)} options={walletOptions} testId="transfer-from" />}
          </FormField>
          <Button variant="icon" aria-label={t`Swap the accounts`} onClick={swap} data-testid="transfer-swap">
            <SwapIcon />
          </Button>
          <FormField label={t`To`}>
            {(control) => <Select {...control} value={to} onValueChange={(value) => choose('to', value as TransferWallet)} options={walletOptions} testId="transfer-to" />}
          </FormField>
        </div>
        <FormField label={t`Coin`}>
          {(control) => (
            <CoinSelector
              id={control.id}
              coins={coins}
              value={currency}
              onValueChange={(code) => {
                setCurrency(code);
                setAmount('');
                setRefusal(null);
              }}
              label={t`Coin`}
              testId="transfer-coin"
            />
          )}
        </FormField>
        <AmountInput
          label={t`Amount`}
          value={amount}
          onValueChange={(value) => {
            setAmount(value);
            setRefusal(null);
          }}
          scale={scale}
          unit={currency}
          available={availableUnits}
          hint={free !== null ? t`Available: ${free} ${currency}` : t`Loading…`}
          error={overBalance ? t`More than is available.` : null}
          testId="transfer-amount"
        />
        {refusal ? <StatusMessage tone="error" title={refusal} headingLevel={3} testId="transfer-refusal" /> : null}
        <Button type="submit" block loading={sending} disabled={units === null || overBalance} data-testid="transfer-submit">
          {t`Transfer`}
        </Button>
      </form>
    </Dialog>
  );
}
