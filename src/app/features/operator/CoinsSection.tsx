/**
 * The console's coins (issue 21): each coin on each network with deposits and withdrawals on or
 * off, the deposit minimum and the withdrawal fee and bounds, and each network's confirmations.
 * The deposit and withdrawal pages read them on every call, so a change shows at once.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { operatorCoinsCall, operatorCoinUpdateCall, operatorNetworkUpdateCall, type OperatorCoin, type OperatorNetwork } from '../../../shared/api/operator-config';
import { callApi } from '../../api/client';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { Panel } from '../../ui/Panel';
import { ChangeDialog } from './ChangeDialog';
import { usePanelRead } from './panelRead';
import styles from './operator.module.css';

export function CoinsSection() {
  const { t } = useLingui();
  const [listing, reload] = usePanelRead(() => callApi(operatorCoinsCall), 'the coins');
  const [coin, setCoin] = useState<OperatorCoin | null>(null);
  const [network, setNetwork] = useState<OperatorNetwork | null>(null);
  const value = listing.state === 'ready' ? listing.value : { coins: [], networks: [] };
  const state = listing.state === 'failed' ? 'error' : listing.state;
  const onOff = (enabled: boolean) => (enabled ? <Badge tone="success">{t`On`}</Badge> : <Badge tone="danger">{t`Off`}</Badge>);

  const coinColumns: DataColumn<OperatorCoin>[] = [
    { key: 'coin', label: t`Coin`, cell: (row) => `${row.currency} · ${row.network}` },
    { key: 'deposits', label: t`Deposits`, cell: (row) => onOff(row.depositEnabled) },
    { key: 'withdrawals', label: t`Withdrawals`, cell: (row) => onOff(row.withdrawEnabled) },
    { key: 'depositMin', label: t`Deposit minimum`, align: 'end', cell: (row) => row.depositMin, hideOnPhone: true },
    { key: 'fee', label: t`Withdrawal fee`, align: 'end', cell: (row) => row.withdrawFee },
    { key: 'bounds', label: t`Withdrawal bounds`, align: 'end', cell: (row) => `${row.withdrawMin} – ${row.withdrawMax}`, hideOnPhone: true },
    {
      key: 'change',
      label: t`Actions`,
      align: 'end',
      cell: (row) => (
        <Button size="small" variant="secondary" onClick={() => setCoin(row)} aria-label={t`Change ${row.currency} on ${row.network}`} data-testid="coin-edit">
          {t`Change`}
        </Button>
      ),
    },
  ];
  const networkColumns: DataColumn<OperatorNetwork>[] = [
    { key: 'network', label: t`Network`, cell: (row) => `${row.id} (${row.name})` },
    { key: 'confirmations', label: t`Confirmations`, align: 'end', cell: (row) => row.confirmations },
    {
      key: 'change',
      label: t`Actions`,
      align: 'end',
      cell: (row) => (
        <Button size="small" variant="secondary" onClick={() => setNetwork(row)} aria-label={t`Change ${row.id}`}>
          {t`Change`}
        </Button>
      ),
    },
  ];

  return (
    <div className={styles.section} data-testid="operator-coins">
      <Panel title={t`Coins`}>
        <DataTable
          caption={t`Coins`}
          columns={coinColumns}
          rows={value.coins}
          rowKey={(row) => `${row.currency}:${row.network}`}
          state={state}
          error={{ title: t`The coins could not be loaded.`, retry: () => void reload() }}
          empty={t`No coin yet.`}
          testId="coins-table"
        />
      </Panel>
      <Panel title={t`Networks`}>
        <DataTable
          caption={t`Networks`}
          columns={networkColumns}
          rows={value.networks}
          rowKey={(row) => row.id}
          state={state}
          error={{ title: t`The coins could not be loaded.`, retry: () => void reload() }}
          empty={t`No network yet.`}
          stackOnPhone={false}
          density="compact"
          testId="networks-table"
        />
      </Panel>
      {coin ? (
        <ChangeDialog
          title={t`Change ${coin.currency} on ${coin.network}`}
          testId="coin-dialog"
          onClose={() => setCoin(null)}
          onSave={async (changes) => {
            const answer = await callApi(operatorCoinUpdateCall, { query: { currency: coin.currency, network: coin.network }, body: changes as never });
            if (answer !== false) void reload();
            return answer !== false;
          }}
          fields={[
            { key: 'depositEnabled', label: t`Deposits`, value: coin.depositEnabled },
            { key: 'withdrawEnabled', label: t`Withdrawals`, value: coin.withdrawEnabled },
            { key: 'depositMin', label: t`Deposit minimum`, value: coin.depositMin },
            { key: 'withdrawFee', label: t`Withdrawal fee`, value: coin.withdrawFee },
            { key: 'withdrawMin', label: t`Smallest withdrawal`, value: coin.withdrawMin },
            { key: 'withdrawMax', label: t`Largest withdrawal`, value: coin.withdrawMax },
          ]}
        />
      ) : null}
      {network ? (
        <ChangeDialog
          title={t`Change ${network.id}`}
          description={t`A deposit already seen keeps the confirmations it was seen with.`}
          testId="network-dialog"
          onClose={() => setNetwork(null)}
          onSave={async (changes) => {
            const answer = await callApi(operatorNetworkUpdateCall, { query: { id: network.id }, body: { confirmations: Number(changes.confirmations) } });
            if (answer !== false) void reload();
            return answer !== false;
          }}
          fields={[{ key: 'confirmations', label: t`Confirmations`, value: String(network.confirmations) }]}
        />
      ) : null}
    </div>
  );
}
