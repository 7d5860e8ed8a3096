/**
 * The fiat withdrawal (spec 2 WithdrawForm): a currency the platform pays out to banks, one of the
 * user's own bank accounts (GET /bankaccount/list; with none, a link to add one on the profile
 * overview), and the amount with its fee, limits and today's fiat quota (WithdrawAmount). Withdraw
 * opens the confirmation (WithdrawConfirm), which asks for the proof and sends POST /fiat/withdraw.
 */
import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { PaymentAccount } from '../../../shared/api/identity';
import type { WithdrawFiatTerms } from '../../../shared/api/withdraw';
import { ButtonLink } from '../../ui/Button';
import { FieldRow } from '../../ui/FieldRow';
import { FormField } from '../../ui/FormField';
import { Notice } from '../../ui/Notice';
import { CoinSelector } from '../../ui/SearchSelect';
import { Select } from '../../ui/Select';
import { StatusMessage } from '../../ui/StatusMessage';
import { useWithdrawFlow, type WithdrawFormProps } from './useWithdrawFlow';
import { useBankAccounts } from './withdrawData';
import styles from './withdraw.module.css';

/** Where bank accounts are added: the profile overview's bank account list. */
const ADD_BANK_ACCOUNT_PATH = '/Profile/DashBoard';

export function FiatWithdrawForm({ terms, ...props }: WithdrawFormProps & { terms: readonly WithdrawFiatTerms[] }) {
  const { t } = useLingui();
  const [currencyCode, setCurrencyCode] = useState('');
  const chosen = terms.find((candidate) => candidate.currency === currencyCode) ?? terms[0];
  if (!chosen) return <p className={styles.empty} data-testid="withdraw-fiat-none">{t`Withdrawals to a bank account are not available at the moment.`}</p>;
  // A new currency starts the amount again: its terms and quota are the currency's.
  return <CurrencyWithdrawal key={chosen.currency} terms={terms} chosen={chosen} onCurrency={setCurrencyCode} {...props} />;
}

function CurrencyWithdrawal({ terms, chosen, onCurrency, ...props }: WithdrawFormProps & { terms: readonly WithdrawFiatTerms[]; chosen: WithdrawFiatTerms; onCurrency: (code: string) => void }) {
  const { t } = useLingui();
  const currency = chosen.currency;
  const flow = useWithdrawFlow('fiat', currency, chosen, props);
  const accounts = useBankAccounts();
  const [accountId, setAccountId] = useState<string | null>(null);
  const list = accounts.view.phase === 'ready' ? accounts.view.data : [];
  const account = list.find((candidate) => String(candidate.id) === accountId) ?? list[0];
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (account) flow.confirm(true, { type: 'fiat', input: { currency, bankAccountId: account.id, amount: flow.amount } });
  };
  const accountLabel = (item: PaymentAccount) => `${item.bankName} ···· ${item.accountNumber.slice(-4)} · ${item.holderName}`;
  return (
    <div className={styles.stack} data-testid="withdraw-fiat" data-currency={currency}>
      <form className={styles.stack} onSubmit={submit} noValidate>
        <FieldRow>
          <FormField label={t`Currency`}>
            {(control) => (
              <CoinSelector
                {...control}
                coins={terms.map((item) => ({ code: item.currency, iconUrl: `/icons/coins/${item.currency.toLowerCase()}.svg` }))}
                value={currency}
                onValueChange={onCurrency}
                label={t`Currency`}
                testId="withdraw-fiat-currency"
              />
            )}
          </FormField>
          {accounts.view.phase === 'loading' ? <StatusMessage tone="loading" title={t`Loading…`} headingLevel={3} testId="withdraw-bank-loading" /> : null}
          {accounts.view.phase === 'failed' ? (
            <StatusMessage tone="error" title={t`Your bank accounts could not be loaded.`} headingLevel={3} action={{ label: t`Try again`, onClick: accounts.retry }} testId="withdraw-bank-failed" />
          ) : null}
          {account ? (
            <FormField label={t`Bank account`} error={flow.refused.bankAccount}>
              {(control) => (
                <Select
                  {...control}
                  value={String(account.id)}
                  onValueChange={(value) => {
                    setAccountId(value);
                    flow.clearRefusal('bankAccount');
                  }}
                  options={list.map((item) => ({ value: String(item.id), label: accountLabel(item) }))}
                  testId="withdraw-bank"
                />
              )}
            </FormField>
          ) : null}
        </FieldRow>
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
        {flow.amountField}
        {flow.submitRow(!account)}
      </form>
      {flow.confirmation([{ label: t`Bank account`, value: account ? accountLabel(account) : '', testId: 'withdraw-summary-bank' }], () => undefined)}
    </div>
  );
}
