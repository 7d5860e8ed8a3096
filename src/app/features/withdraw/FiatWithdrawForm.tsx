/**
 * The fiat withdrawal (spec 2 WithdrawForm): a currency the platform pays out to banks, one of the
 * user's own bank accounts (GET /bankaccount/list; with none, a link to add one on the profile
 * overview), and the amount with its fee, limits and today's fiat quota (WithdrawAmount). Withdraw
 * opens the confirmation (WithdrawConfirm), which asks for the proof and sends POST /fiat/withdraw.
 */
import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { WithdrawFiatTerms } from '../../../shared/api/withdraw';
import { Button, ButtonLink } from '../../ui/Button';
import { FormField } from '../../ui/FormField';
import { Notice } from '../../ui/Notice';
import { CoinSelector } from '../../ui/SearchSelect';
import { Select } from '../../ui/Select';
import { StatusMessage } from '../../ui/StatusMessage';
import type { WithdrawFormProps } from './BlockchainWithdrawForm';
import { amountFigures } from './withdrawAmount';
import { useAmountRows, WithdrawAmount } from './WithdrawAmount';
import { WithdrawConfirm } from './WithdrawConfirm';
import { useBankAccounts, useWithdrawQuota, type WithdrawRequest } from './withdrawData';
import { blockedUntil, mayWithdraw, WithdrawGate } from './WithdrawGate';
import type { WithdrawField } from './withdrawRefusal';
import styles from './withdraw.module.css';

/** Where bank accounts are added: the profile overview's bank account list. */
const ADD_BANK_ACCOUNT_PATH = '/Profile/DashBoard';

export function FiatWithdrawForm({ terms, security, onStale, onSubmitted }: WithdrawFormProps & { terms: readonly WithdrawFiatTerms[] }) {
  const { t } = useLingui();
  const [currencyCode, setCurrencyCode] = useState('');
  const chosen = terms.find((candidate) => candidate.currency === currencyCode) ?? terms[0];
  const accounts = useBankAccounts();
  const quota = useWithdrawQuota('fiat', chosen?.currency ?? '');
  const [accountId, setAccountId] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [pressed, setPressed] = useState(false);
  const [refused, setRefused] = useState<Partial<Record<WithdrawField, string>>>({});
  const [request, setRequest] = useState<WithdrawRequest | null>(null);
  const figures = amountFigures(amount, chosen ?? { fee: '0', min: '0', max: '0' }, quota.view.phase === 'ready' ? quota.view.data : null);
  const amountRows = useAmountRows(figures, chosen?.currency ?? '');
  if (!chosen) return <p className={styles.empty} data-testid="withdraw-fiat-none">{t`Withdrawals to a bank account are not available at the moment.`}</p>;
  const currency = chosen.currency;
  const list = accounts.view.phase === 'ready' ? accounts.view.data : [];
  const account = list.find((candidate) => String(candidate.id) === accountId) ?? list[0];
  const until = blockedUntil(security, quota.view);
  const amountError = refused.amount ?? (pressed && figures.units === null ? t`Enter an amount.` : null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPressed(true);
    if (!account || amountError || figures.units === null || figures.problem || !mayWithdraw(security, until)) return;
    setRequest({ type: 'fiat', input: { currency, bankAccountId: account.id, amount } });
  };
  const accountLabel = (item: (typeof list)[number]) => `${item.bankName} ···· ${item.accountNumber.slice(-4)} · ${item.holderName}`;
  return (
    <div className={styles.form} data-testid="withdraw-fiat" data-currency={currency}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.selectors}>
          <FormField label={t`Currency`}>
            {(control) => (
              <CoinSelector
                {...control}
                coins={terms.map((item) => ({ code: item.currency, iconUrl: `/icons/coins/${item.currency.toLowerCase()}.svg` }))}
                value={currency}
                onValueChange={(code) => {
                  setCurrencyCode(code);
                  setAmount('');
                }}
                label={t`Currency: ${currency}`}
                testId="withdraw-fiat-currency"
              />
            )}
          </FormField>
          {accounts.view.phase === 'loading' ? <StatusMessage tone="loading" title={t`Loading…`} headingLevel={3} testId="withdraw-bank-loading" /> : null}
          {accounts.view.phase === 'failed' ? (
            <StatusMessage tone="error" title={t`Your bank accounts could not be loaded.`} headingLevel={3} action={{ label: t`Try again`, onClick: accounts.retry }} testId="withdraw-bank-failed" />
          ) : null}
          {account ? (
            <FormField label={t`Bank account`} error={refused.bankAccount}>
              {(control) => (
                <Select
                  {...control}
                  value={String(account.id)}
                  onValueChange={(value) => {
                    setAccountId(value);
                    setRefused((current) => ({ ...current, bankAccount: undefined }));
                  }}
                  options={list.map((item) => ({ value: String(item.id), label: accountLabel(item) }))}
                  testId="withdraw-bank"
                />
              )}
            </FormField>
          ) : null}
        </div>
        {accounts.view.phase === 'ready' && !account ? (
          <Notice
            tone="warning"
            testId="withdraw-no-bank"
            action={
              <ButtonLink to={ADD_BANK_ACCOUNT_PATH} size="small" data-testid="withdraw-add-bank">
                {t`Add a bank account`}
              </ButtonLink>
            }
          >
            {t`Add a bank account in your name first: fiat withdrawals are paid to it.`}
          </Notice>
        ) : null}
        <WithdrawAmount
          currency={currency}
          terms={chosen}
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
        <Button type="submit" block disabled={!account || !mayWithdraw(security, until)} data-testid="withdraw-submit">
          {t`Withdraw`}
        </Button>
      </form>
      <WithdrawConfirm
        request={request}
        summary={[{ label: t`Bank account`, value: account ? accountLabel(account) : '', testId: 'withdraw-summary-bank' }, ...amountRows]}
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
          setAmount('');
          setPressed(false);
          quota.reload();
          onSubmitted();
        }}
      />
    </div>
  );
}
