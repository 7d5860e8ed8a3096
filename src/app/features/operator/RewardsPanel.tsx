/**
 * The rewards in the console's overview (GET /operator/rewards): what the rewards fund holds (it
 * pays check-in rewards and lucky-draw prizes and refuses what it cannot pay, so an empty fund
 * stops both), the check-in reward of each day of the cycle, and the prizes with their weights and
 * chances. Read only: the table and the prizes are the server's settings.
 */
import { useLingui } from '@lingui/react/macro';
import { operatorRewardsCall, type OperatorRewards } from '../../../shared/api/rewards';
import { trimZeros } from '../../../shared/decimal';
import { callApi } from '../../api/client';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { Panel } from '../../ui/Panel';
import { Stat, StatGroup } from '../../ui/Stat';
import { StatusMessage } from '../../ui/StatusMessage';
import { usePanelRead } from './panelRead';
import styles from './operator.module.css';

type DayReward = OperatorRewards['checkin']['rewards'][number];
type PrizeRow = OperatorRewards['luckydraw']['prizes'][number];

const amountOf = (row: { amount: string; currency: string }) => `${trimZeros(row.amount)} ${row.currency}`;

export function RewardsPanel() {
  const { t } = useLingui();
  const [rewards, load] = usePanelRead(() => callApi(operatorRewardsCall), 'the rewards');
  const value = rewards.state === 'ready' ? rewards.value : null;
  return (
    <Panel title={t`Check-in and lucky draw`} data-testid="rewards-panel">
      {rewards.state === 'loading' ? <StatusMessage tone="loading" title={t`Loading…`} headingLevel={3} /> : null}
      {rewards.state === 'failed' ? <StatusMessage tone="error" title={t`The rewards could not be read.`} headingLevel={3} action={{ label: t`Try again`, onClick: () => void load() }} /> : null}
      {value ? <RewardsFacts rewards={value} /> : null}
    </Panel>
  );
}

function RewardsFacts({ rewards }: { rewards: OperatorRewards }) {
  const { t } = useLingui();
  const ticketDays = rewards.luckydraw.ticketEveryDays;
  const dayColumns: DataColumn<DayReward>[] = [
    { key: 'day', label: t`Day of the streak`, cell: (reward) => reward.day },
    { key: 'reward', label: t`Reward`, align: 'end', cell: amountOf },
  ];
  const prizeColumns: DataColumn<PrizeRow>[] = [
    { key: 'prize', label: t`Prize`, cell: amountOf },
    { key: 'weight', label: t`Weight`, align: 'end', cell: (prize) => prize.weight },
    { key: 'chance', label: t`Chance`, align: 'end', cell: (prize) => `${prize.chancePercent}%` },
  ];
  return (
    <div className={styles.section}>
      <StatGroup label={t`Rewards fund`}>
        {rewards.fund.length === 0 ? <Stat label={t`Rewards fund`} value="0" testId="rewards-fund" /> : null}
        {rewards.fund.map((balance) => (
          <Stat key={balance.currency} label={t`Rewards fund`} value={amountOf(balance)} testId="rewards-fund" />
        ))}
      </StatGroup>
      <p className={styles.muted}>{t`The fund pays every check-in reward and lucky-draw prize; what it cannot pay is refused. Every ${ticketDays} consecutive check-in days earn a ticket.`}</p>
      <div className={styles.columns}>
        <DataTable columns={dayColumns} rows={rewards.checkin.rewards} rowKey={(reward) => reward.day} caption={t`Check-in rewards`} stackOnPhone={false} density="compact" testId="rewards-days" />
        <DataTable columns={prizeColumns} rows={rewards.luckydraw.prizes} rowKey={(prize) => prize.id} caption={t`Lucky draw prizes`} stackOnPhone={false} density="compact" testId="rewards-prizes" />
      </div>
    </div>
  );
}
