/**
 * The user's bank accounts (spec 7 /bankaccount...): the list, an account added in a dialog and
 * one deleted after a confirmation. Once the user is verified the holder is their verified name
 * (the server refuses any other), so the field comes filled in and fixed. The rules the server
 * applies are checked here first, so that a typo is told at its field.
 */
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { Profile } from '../../../shared/api/account';
import { normalizedAccountNumber, PAYMENT_ACCOUNTS_MAX, PERSON_NAME_MAX, PERSON_NAME_PATTERN, type PaymentAccount } from '../../../shared/api/identity';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { isVerified } from '../../../shared/layout';
import { showToast } from '../../state/hub-store';
import { Button } from '../../ui/Button';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { ConfirmDialog, Dialog } from '../../ui/Dialog';
import { FormField, inputClassName } from '../../ui/FormField';
import { Panel } from '../../ui/Panel';
import { addBankAccount, deleteBankAccount, readBankAccounts, type BankAccountInput } from './identityCalls';
import styles from './identity.module.css';

type Listing = { state: 'loading' | 'error' } | { state: 'ready'; accounts: PaymentAccount[] };

export function BankAccounts({ profile }: { profile: Profile }) {
  const { t } = useLingui();
  const [listing, setListing] = useState<Listing>({ state: 'loading' });
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<PaymentAccount | null>(null);
  const [busy, setBusy] = useState(false);
  const fetchAccounts = useCallback(() => {
    void readBankAccounts().then((accounts) => setListing(accounts ? { state: 'ready', accounts } : { state: 'error' }));
  }, []);
  useEffect(fetchAccounts, [fetchAccounts]);
  const load = () => {
    setListing({ state: 'loading' });
    fetchAccounts();
  };
  const accounts = listing.state === 'ready' ? listing.accounts : [];

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    const deleted = await deleteBankAccount(deleting.id);
    setBusy(false);
    if (!deleted) throw new Error('the bank account was not deleted');
    showToast(t`The bank account is deleted.`, ERROR_TOAST_MS, 'success');
    setListing({ state: 'ready', accounts: accounts.filter((account) => account.id !== deleting.id) });
  };

  const columns: DataColumn<PaymentAccount>[] = [
    { key: 'bank', label: t`Bank`, cell: (account) => <span className={styles.wrap}>{account.bankName}</span> },
    { key: 'number', label: t`Account number`, cell: (account) => <span className={styles.number}>{account.accountNumber}</span> },
    { key: 'holder', label: t`Holder`, cell: (account) => <span className={styles.wrap}>{account.holderName}</span> },
    { key: 'branch', label: t`Branch`, cell: (account) => account.branch || '—', hideOnPhone: true },
    {
      key: 'actions',
      label: t`Actions`,
      align: 'end',
      cell: (account) => {
        const ending = account.accountNumber.slice(-4);
        return (
          <Button size="small" variant="ghost" onClick={() => setDeleting(account)} aria-label={t`Delete the account ending ${ending}`} data-testid="bank-delete">
            {t`Delete`}
          </Button>
        );
      },
    },
  ];

  return (
    <Panel
      title={t`Bank accounts`}
      data-testid="bank-accounts"
      actions={
        <Button size="small" onClick={() => setAdding(true)} disabled={listing.state !== 'ready' || accounts.length >= PAYMENT_ACCOUNTS_MAX} data-testid="bank-add">
          {t`Add a bank account`}
        </Button>
      }
    >
      <DataTable
        caption={t`Bank accounts`}
        columns={columns}
        rows={accounts}
        rowKey={(account) => account.id}
        rowProps={(account) => ({ 'data-testid': 'bank-row', 'data-id': account.id })}
        state={listing.state}
        error={{ title: t`Your bank accounts could not be loaded.`, retry: load }}
        empty={t`No bank account yet. Add one to be paid in P2P trades.`}
        testId="bank-table"
      />
      {adding ? (
        <BankAccountDialog
          profile={profile}
          onClose={() => setAdding(false)}
          onAdded={(account) => {
            setAdding(false);
            setListing({ state: 'ready', accounts: [...accounts, account] });
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t`Delete this bank account?`}
        description={deleting ? `${deleting.bankName} ${deleting.accountNumber}` : undefined}
        confirmLabel={t`Delete`}
        confirmVariant="danger"
        onConfirm={remove}
        busy={busy}
        testId="bank-delete-dialog"
      />
    </Panel>
  );
}

function BankAccountDialog({ profile, onClose, onAdded }: { profile: Profile; onClose: () => void; onAdded: (account: PaymentAccount) => void }) {
  const { t } = useLingui();
  const fixedHolder = isVerified(profile) && profile.realName.trim() !== '';
  const [draft, setDraft] = useState<BankAccountInput>({ holderName: fixedHolder ? profile.realName : '', bankName: '', accountNumber: '', branch: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const check = (): Record<string, string> => {
    const found: Record<string, string> = {};
    const holder = draft.holderName.trim();
    if (holder.length < 2 || !PERSON_NAME_PATTERN.test(holder)) found.holderName = t`Enter the account holder's name.`;
    if (draft.bankName.trim().length < 2) found.bankName = t`Enter the bank's name.`;
    if (!normalizedAccountNumber(draft.accountNumber)) found.accountNumber = t`Enter an account number of 6 to 34 letters and digits.`;
    return found;
  };

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    const outcome = await addBankAccount(draft);
    setSaving(false);
    if (outcome.ok) {
      showToast(t`The bank account is added.`, ERROR_TOAST_MS, 'success');
      onAdded(outcome.data);
    } else setErrors(outcome.fields);
  };

  const field = (name: keyof BankAccountInput, label: string, options: { hint?: string; maxLength: number; readOnly?: boolean; autoComplete?: string }) => (
    <FormField label={label} hint={options.hint} error={errors[name]} testId={`bank-${name}`}>
      {(control) => (
        <input
          {...control}
          className={inputClassName}
          value={draft[name]}
          maxLength={options.maxLength}
          readOnly={options.readOnly}
          autoComplete={options.autoComplete ?? 'off'}
          onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
          data-testid={`bank-${name}-input`}
        />
      )}
    </FormField>
  );

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t`Add a bank account`}
      testId="bank-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t`Cancel`}
          </Button>
          <Button onClick={() => void save()} disabled={saving} data-testid="bank-save">
            {t`Save`}
          </Button>
        </>
      }
    >
      <form className={styles.form} onSubmit={(event) => void save(event)} noValidate>
        {field('holderName', t`Account holder`, {
          hint: fixedHolder ? t`Your verified name: accounts in another name are not accepted.` : t`Once your identity is verified, only accounts in your verified name are accepted.`,
          maxLength: PERSON_NAME_MAX,
          readOnly: fixedHolder,
          autoComplete: 'name',
        })}
        {field('bankName', t`Bank`, { maxLength: 100 })}
        {field('accountNumber', t`Account number or IBAN`, { maxLength: 64 })}
        {field('branch', t`Branch (optional)`, { maxLength: 100 })}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
