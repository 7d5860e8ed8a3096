/**
 * The console's platform limits (issue 21): the floors of the platform accounts that pay users
 * out (convert's house, the rewards fund, the options and futures houses, the insurance fund;
 * never above what the account holds), each futures symbol's limits on one user's notional and on
 * the platform's net exposure, and each option period's stake and liability bounds, all in USDT
 * except the floors. The areas read them on every call. Money moves into a paying account from
 * genesis (the operator's own deposit) or back out of it, never below its floor; the same request
 * sent again (a save retried after a lost answer) keeps its idempotency key and moves money once.
 */
import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import {
  FLOORED_ACCOUNTS,
  operatorFloorSetCall,
  operatorFundCall,
  operatorFuturesLimitsSetCall,
  operatorLimitsCall,
  operatorOptionLimitsSetCall,
  type PlatformLimits,
} from '../../../shared/api/operator-config';
import { randomId } from '../../../shared/random-id';
import { callApi } from '../../api/client';
import { Button } from '../../ui/Button';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { Panel } from '../../ui/Panel';
import { ChangeDialog, type ChangeField, type ChangeValue } from './ChangeDialog';
import { usePanelRead } from './panelRead';
import styles from './operator.module.css';

type Floor = PlatformLimits['floors'][number];
type FuturesLimit = PlatformLimits['futures'][number];
type OptionLimit = PlatformLimits['options'][number];

interface Editing {
  title: string;
  fields: ChangeField[];
  save: (changes: Record<string, ChangeValue>) => Promise<PlatformLimits | false>;
}

export function LimitsSection() {
  const { t } = useLingui();
  const [limits, reload, setLimits] = usePanelRead(() => callApi(operatorLimitsCall), 'the platform limits');
  const [editing, setEditing] = useState<Editing | null>(null);
  const fundKey = useRef<{ request: string; key: string } | null>(null);
  const value = limits.state === 'ready' ? limits.value : { floors: [], futures: [], options: [] };
  const state = limits.state === 'failed' ? 'error' : limits.state;
  const error = { title: t`The platform limits could not be loaded.`, retry: () => void reload() };
  const accountName: Record<Floor['account'], string> = {
    house: t`Convert house`,
    rewards: t`Rewards fund`,
    options_house: t`Options house`,
    futures_house: t`Futures house`,
    insurance: t`Insurance fund`,
  };
  const change = (label: string, open: () => void) => (
    <Button size="small" variant="secondary" onClick={open} aria-label={label}>
      {t`Change`}
    </Button>
  );

  const moveMoney = () => {
    const start = { account: 'house', currency: 'USDT', direction: 'in', amount: '', memo: '' };
    setEditing({
      title: t`Move money`,
      fields: [
        { key: 'account', label: t`Account`, value: start.account, options: FLOORED_ACCOUNTS.map((account) => ({ value: account, label: accountName[account] })) },
        { key: 'currency', label: t`Currency`, value: start.currency },
        {
          key: 'direction',
          label: t`Direction`,
          value: start.direction,
          options: [
            { value: 'in', label: t`Into the account (your own deposit)` },
            { value: 'out', label: t`Back out of the account` },
          ],
        },
        { key: 'amount', label: t`Amount`, value: start.amount },
        { key: 'memo', label: t`Why`, value: start.memo, hint: t`Shown in the audit log.` },
      ],
      save: (changes) => {
        const body = { ...start, ...changes } as { account: Floor['account']; currency: string; direction: 'in' | 'out'; amount: string; memo: string };
        const request = JSON.stringify(body);
        if (fundKey.current?.request !== request) fundKey.current = { request, key: randomId() };
        return callApi(operatorFundCall, { body }, { idempotencyKey: fundKey.current.key }).then((answer) => {
          if (answer !== false) fundKey.current = null;
          return answer;
        });
      },
    });
  };

  const floorColumns: DataColumn<Floor>[] = [
    { key: 'account', label: t`Account`, cell: (row) => `${accountName[row.account]} · ${row.currency}` },
    { key: 'balance', label: t`Holds`, align: 'end', cell: (row) => row.balance },
    { key: 'floor', label: t`Floor`, align: 'end', cell: (row) => row.floor },
    {
      key: 'change',
      label: t`Actions`,
      align: 'end',
      cell: (row) =>
        change(t`Change the floor of ${accountName[row.account]} in ${row.currency}`, () =>
          setEditing({
            title: t`Floor of ${accountName[row.account]} in ${row.currency}`,
            fields: [{ key: 'floor', label: t`Floor`, value: row.floor, hint: t`Never above what the account holds.` }],
            save: (changes) => callApi(operatorFloorSetCall, { body: { account: row.account, currency: row.currency, floor: String(changes.floor) } }),
          }),
        ),
    },
  ];
  const futuresColumns: DataColumn<FuturesLimit>[] = [
    { key: 'symbol', label: t`Futures`, cell: (row) => row.symbol.replace('_', '/') },
    { key: 'user', label: t`One user's notional (USDT)`, align: 'end', cell: (row) => row.userNotionalMax },
    { key: 'net', label: t`Net exposure (USDT)`, align: 'end', cell: (row) => row.netExposureMax },
    {
      key: 'change',
      label: t`Actions`,
      align: 'end',
      cell: (row) =>
        change(t`Change the limits of ${row.symbol}`, () =>
          setEditing({
            title: t`Futures limits of ${row.symbol}`,
            fields: [
              { key: 'userNotionalMax', label: t`One user's notional (USDT)`, value: row.userNotionalMax },
              { key: 'netExposureMax', label: t`Net exposure (USDT)`, value: row.netExposureMax },
            ],
            save: (changes) => callApi(operatorFuturesLimitsSetCall, { query: { id: row.symbolId }, body: changes as never }),
          }),
        ),
    },
  ];
  const optionColumns: DataColumn<OptionLimit>[] = [
    { key: 'symbol', label: t`Option`, cell: (row) => t`${row.symbol.replace('_', '/')} · ${row.seconds} s` },
    { key: 'stake', label: t`Stake (USDT)`, align: 'end', cell: (row) => `${row.minStake} – ${row.maxStake}` },
    { key: 'liability', label: t`Liability (USDT)`, align: 'end', cell: (row) => row.liabilityMax },
    {
      key: 'change',
      label: t`Actions`,
      align: 'end',
      cell: (row) =>
        change(t`Change the limits of ${row.symbol}, ${row.seconds} s`, () =>
          setEditing({
            title: t`Option limits of ${row.symbol}, ${row.seconds} s`,
            fields: [
              { key: 'minStake', label: t`Smallest stake (USDT)`, value: row.minStake },
              { key: 'maxStake', label: t`Largest stake (USDT)`, value: row.maxStake },
              { key: 'liabilityMax', label: t`Liability (USDT)`, value: row.liabilityMax },
            ],
            save: (changes) => callApi(operatorOptionLimitsSetCall, { query: { id: row.symbolId, seconds: row.seconds }, body: changes as never }),
          }),
        ),
    },
  ];

  return (
    <div className={styles.section} data-testid="operator-limits">
      <Panel title={t`Platform account floors`}>
        <div className={styles.section}>
          <p className={styles.muted}>{t`What a platform account must keep. A payout that would take it lower is refused; convert pays from the convert house.`}</p>
          <div>
            <Button size="small" onClick={moveMoney} data-testid="limits-move-money">
              {t`Move money`}
            </Button>
          </div>
          <DataTable caption={t`Platform account floors`} columns={floorColumns} rows={value.floors} rowKey={(row) => `${row.account}:${row.currency}`} state={state} error={error} empty={t`No platform account holds money yet.`} testId="floors-table" />
        </div>
      </Panel>
      <Panel title={t`Futures limits`}>
        <DataTable caption={t`Futures limits`} columns={futuresColumns} rows={value.futures} rowKey={(row) => row.symbolId} state={state} error={error} empty={t`No futures symbol yet.`} testId="futures-limits-table" />
      </Panel>
      <Panel title={t`Binary option limits`}>
        <DataTable caption={t`Binary option limits`} columns={optionColumns} rows={value.options} rowKey={(row) => `${row.symbolId}:${row.seconds}`} state={state} error={error} empty={t`No option period yet.`} testId="option-limits-table" />
      </Panel>
      {editing ? (
        <ChangeDialog
          title={editing.title}
          testId="limit-dialog"
          onClose={() => setEditing(null)}
          fields={editing.fields}
          onSave={async (changes) => {
            const answer = await editing.save(changes);
            if (answer !== false) setLimits({ state: 'ready', value: answer });
            return answer !== false;
          }}
        />
      ) : null}
    </div>
  );
}
