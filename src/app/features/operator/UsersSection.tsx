/**
 * The console's users: accounts found by e-mail, phone or name fragment or by id (all of them,
 * newest first, when the search is empty), a page at a time, with their role, VIP level, identity
 * status, test-market access and whether they may sign in. An operator changes the VIP level,
 * test access and disabled in a dialog; disabling signs the account out everywhere at once (the
 * server ends its sessions), so the dialog says so before it is saved. The same dialog grants or
 * revokes the operator role (issue 21; by the account's e-mail, as the CLI's `operator` command
 * does, and written to the operator audit log).
 */
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { operatorUserUpdateCall, operatorUsersCall, VIP_LEVEL_MAX, type AdministeredAccount } from '../../../shared/api/operator';
import { operatorRoleCall } from '../../../shared/api/operator-config';
import { ERROR_TOAST_MS, SUPER_VIP_ABOVE_LEVEL } from '../../../shared/constants';
import { formatDate } from '../../../shared/format';
import { callApi } from '../../api/client';
import { useLanguage } from '../../i18n/useLanguage';
import { showToast } from '../../state/hub-store';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Checkbox, Switch } from '../../ui/Controls';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { Dialog } from '../../ui/Dialog';
import { FormField, inputClassName } from '../../ui/FormField';
import { Panel } from '../../ui/Panel';
import { Select } from '../../ui/Select';
import styles from './operator.module.css';

const PAGE_SIZE = 20;

interface Listing {
  state: 'loading' | 'ready' | 'error';
  accounts: AdministeredAccount[];
  nextBeforeId: number | null;
  loadingMore: boolean;
  moreFailed: boolean;
}

async function readAccounts(text: string, beforeId: number | null) {
  try {
    const page = await callApi(operatorUsersCall, { query: { q: text, limit: PAGE_SIZE, ...(beforeId === null ? {} : { before: beforeId }) } });
    return page === false ? null : page;
  } catch (error) {
    console.warn('Failed to read the accounts', error);
    return null;
  }
}

/** The identity status of spec 3 as a badge's text and tone (the users' table and the identity reviews). */
export function useIdentityText() {
  const { t } = useLingui();
  // spec 3: 0 none, 1 created, 2 reviewing, 3 rejected, 4 approved.
  return (status: number): { text: string; tone: BadgeTone } =>
    [
      { text: t`Not verified`, tone: 'neutral' as const },
      { text: t`Submitted`, tone: 'info' as const },
      { text: t`Under review`, tone: 'warning' as const },
      { text: t`Rejected`, tone: 'danger' as const },
      { text: t`Verified`, tone: 'success' as const },
    ][status] ?? { text: String(status), tone: 'neutral' as const };
}

export function UsersSection() {
  const { t } = useLingui();
  const language = useLanguage();
  const identity = useIdentityText();
  const [search, setSearch] = useState('');
  const [listing, setListing] = useState<Listing>({ state: 'loading', accounts: [], nextBeforeId: null, loadingMore: false, moreFailed: false });
  const [editing, setEditing] = useState<AdministeredAccount | null>(null);
  // The search the list shows: a late answer to an older search is dropped.
  const shownRef = useRef('');

  const find = useCallback(async (text: string) => {
    shownRef.current = text;
    setListing((current) => ({ ...current, state: 'loading' }));
    const page = await readAccounts(text, null);
    if (shownRef.current !== text) return;
    setListing(page === null ? { state: 'error', accounts: [], nextBeforeId: null, loadingMore: false, moreFailed: false } : { state: 'ready', ...page, loadingMore: false, moreFailed: false });
  }, []);

  useEffect(() => {
    let open = true;
    void readAccounts('', null).then((page) => {
      if (!open || shownRef.current !== '') return;
      setListing(page === null ? { state: 'error', accounts: [], nextBeforeId: null, loadingMore: false, moreFailed: false } : { state: 'ready', ...page, loadingMore: false, moreFailed: false });
    });
    return () => {
      open = false;
    };
  }, []);

  const loadMore = async () => {
    const text = shownRef.current;
    if (listing.nextBeforeId === null) return;
    setListing((current) => ({ ...current, loadingMore: true, moreFailed: false }));
    const page = await readAccounts(text, listing.nextBeforeId);
    if (shownRef.current !== text) return;
    setListing((current) =>
      page === null
        ? { ...current, loadingMore: false, moreFailed: true }
        : { ...current, accounts: [...current.accounts, ...page.accounts], nextBeforeId: page.nextBeforeId, loadingMore: false },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void find(search.trim());
  };

  const saved = (account: AdministeredAccount) => {
    setListing((current) => ({ ...current, accounts: current.accounts.map((row) => (row.id === account.id ? account : row)) }));
    setEditing(null);
  };

  const columns: DataColumn<AdministeredAccount>[] = [
    { key: 'id', label: t`ID`, cell: (account) => account.id, width: '5rem' },
    {
      key: 'account',
      label: t`Account`,
      cell: (account) => (
        <span className={styles.error}>
          {account.email ?? account.phone ?? '—'}
          {account.role === 'operator' ? (
            <>
              {' '}
              <Badge tone="brand">{t`Operator`}</Badge>
            </>
          ) : null}
        </span>
      ),
    },
    { key: 'name', label: t`Name`, cell: (account) => account.realName || '—', hideOnPhone: true },
    {
      key: 'vip',
      label: t`VIP`,
      align: 'end',
      cell: (account) => (account.vipLevel > SUPER_VIP_ABOVE_LEVEL ? <Badge tone="brand">{t`Super VIP ${account.vipLevel}`}</Badge> : account.vipLevel),
    },
    {
      key: 'identity',
      label: t`Identity`,
      cell: (account) => {
        const shown = identity(account.identityStatus);
        return <Badge tone={shown.tone}>{shown.text}</Badge>;
      },
    },
    { key: 'test', label: t`Test markets`, cell: (account) => (account.testEnabled ? <Badge tone="info">{t`Allowed`}</Badge> : t`No`) },
    { key: 'status', label: t`Sign-in`, cell: (account) => (account.disabled ? <Badge tone="danger">{t`Disabled`}</Badge> : <Badge tone="success">{t`Active`}</Badge>) },
    { key: 'created', label: t`Registered`, cell: (account) => formatDate(account.createdAt, language), hideOnPhone: true },
    {
      key: 'edit',
      label: t`Actions`,
      align: 'end',
      cell: (account) => (
        <Button size="small" variant="secondary" onClick={() => setEditing(account)} data-testid="user-edit" aria-label={t`Change account ${account.id}`}>
          {t`Change`}
        </Button>
      ),
    },
  ];

  return (
    <div className={styles.section} data-testid="operator-users">
      <Panel title={t`Accounts`}>
        <div className={styles.section}>
          <form className={styles.row} onSubmit={submit} role="search" data-testid="users-search">
            <FormField label={t`Search accounts`} hint={t`Part of an e-mail address, phone number or name, or an account's ID. Empty lists every account, newest first.`} className={styles.grow}>
              {(control) => (
                <input
                  {...control}
                  className={inputClassName}
                  type="search"
                  value={search}
                  maxLength={100}
                  onChange={(event) => setSearch(event.target.value)}
                  data-testid="users-search-input"
                />
              )}
            </FormField>
            <Button type="submit" data-testid="users-search-submit">
              {t`Search`}
            </Button>
          </form>
          <DataTable
            caption={t`Accounts`}
            columns={columns}
            rows={listing.accounts}
            rowKey={(account) => account.id}
            rowProps={(account) => ({ 'data-testid': 'user-row', 'data-id': account.id })}
            state={listing.state}
            error={{ title: t`The accounts could not be loaded.`, retry: () => void find(shownRef.current) }}
            empty={t`No account matches this search.`}
            loadMore={listing.nextBeforeId !== null ? { onLoadMore: () => void loadMore(), loading: listing.loadingMore, failed: listing.moreFailed } : undefined}
            testId="users-table"
          />
        </div>
      </Panel>
      {editing ? <AccountDialog account={editing} onClose={() => setEditing(null)} onSaved={saved} /> : null}
    </div>
  );
}

function AccountDialog({ account, onClose, onSaved }: { account: AdministeredAccount; onClose: () => void; onSaved: (account: AdministeredAccount) => void }) {
  const { t } = useLingui();
  const [vipLevel, setVipLevel] = useState(String(account.vipLevel));
  const [testEnabled, setTestEnabled] = useState(account.testEnabled);
  const [maySignIn, setMaySignIn] = useState(!account.disabled);
  const [operator, setOperator] = useState(account.role === 'operator');
  const [saving, setSaving] = useState(false);
  const change = {
    ...(Number(vipLevel) !== account.vipLevel ? { vipLevel: Number(vipLevel) } : {}),
    ...(testEnabled !== account.testEnabled ? { testEnabled } : {}),
    ...(maySignIn === account.disabled ? { disabled: !maySignIn } : {}),
  };
  const roleChanged = operator !== (account.role === 'operator');
  const changed = Object.keys(change).length > 0 || roleChanged;

  /** The account's fields first, then its role; each answer is the account as it is now. */
  const send = async (): Promise<AdministeredAccount | false> => {
    const updated = Object.keys(change).length > 0 ? await callApi(operatorUserUpdateCall, { query: { id: account.id }, body: change }) : account;
    if (updated === false || !roleChanged || account.email === null) return updated;
    const role = await callApi(operatorRoleCall, { body: { email: account.email, operator } });
    return role === false ? false : { ...updated, role: role.role };
  };

  const save = async () => {
    setSaving(true);
    try {
      const answer = await send();
      if (answer !== false) {
        showToast(t`Account ${account.id} is changed.`, ERROR_TOAST_MS, 'success');
        onSaved(answer);
      }
    } catch (error) {
      console.warn('Failed to change the account', error);
    } finally {
      setSaving(false);
    }
  };

  const levels = Array.from({ length: VIP_LEVEL_MAX + 1 }, (_, level) => ({
    value: String(level),
    label: level > SUPER_VIP_ABOVE_LEVEL ? t`${level} (super VIP)` : String(level),
  }));
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t`Change account ${account.id}`}
      description={account.email ?? account.phone ?? undefined}
      testId="user-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t`Cancel`}
          </Button>
          <Button onClick={() => void save()} disabled={!changed || saving} data-testid="user-save">
            {t`Save`}
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        <FormField label={t`VIP level`}>{(control) => <Select {...control} value={vipLevel} onValueChange={setVipLevel} options={levels} testId="user-vip" />}</FormField>
        <div className={styles.switches}>
          <Checkbox checked={testEnabled} onCheckedChange={setTestEnabled} label={t`May trade on test-only markets`} testId="user-test" />
          <Switch checked={maySignIn} onCheckedChange={setMaySignIn} label={t`May sign in`} testId="user-may-sign-in" />
          <Switch checked={operator} onCheckedChange={setOperator} disabled={account.email === null} label={t`Operator (may use this console)`} testId="user-operator" />
        </div>
        {!maySignIn && !account.disabled ? <p className={styles.muted}>{t`Saving signs this account out on every device at once, and it cannot sign in until allowed again.`}</p> : null}
      </div>
    </Dialog>
  );
}
