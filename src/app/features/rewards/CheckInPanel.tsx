/**
 * The daily check-in (spec 2 /LotteryCheckIn): this UTC month's calendar with the checked days
 * marked, the streak, the reward the next check-in pays and the Check in button, which says why it
 * is disabled once today is done; below, the reward table of the seven-day cycle and the ticket
 * rule. A check-in is sent once however often the button is pressed; its reward is toasted, the
 * local assets flag moves (every tab's asset overview reads again) and the balances are read.
 */
import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { checkinCall, checkinStatusCall, type CheckinStatus } from '../../../shared/api/rewards';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { trimZeros } from '../../../shared/decimal';
import { intlLocale, type Language } from '../../../shared/languages';
import { callApi } from '../../api/client';
import { showToast } from '../../state/hub-store';
import { loadBalances, markAssetsChanged } from '../../state/session';
import { Button } from '../../ui/Button';
import { Panel } from '../../ui/Panel';
import { Stat, StatGroup } from '../../ui/Stat';
import { StatusMessage } from '../../ui/StatusMessage';
import { useSubmitOnce } from '../../ui/useSubmitOnce';
import { CheckInCalendar } from './CheckInCalendar';
import { useRewardsData } from './useRewardsData';
import styles from './rewards.module.css';

export function CheckInPanel({ language, onCheckedIn }: { language: Language; onCheckedIn: () => void }) {
  const { t } = useLingui();
  const [version, setVersion] = useState(0);
  const { view, retry } = useRewardsData(checkinStatusCall, version);
  const submit = useSubmitOnce(async () => {
    try {
      const result = await callApi(checkinCall, { body: {} });
      if (result === false) return;
      const amount = trimZeros(result.reward.amount);
      const currency = result.reward.currency;
      showToast(result.ticketEarned ? t`Checked in: +${amount} ${currency} and a lucky draw ticket` : t`Checked in: +${amount} ${currency}`, ERROR_TOAST_MS, 'success');
      markAssetsChanged();
      void loadBalances();
      if (result.ticketEarned) onCheckedIn();
    } catch {
      // The refusal was toasted (spec 8); the state below is read again either way.
    } finally {
      setVersion((value) => value + 1);
    }
  });

  return (
    <Panel title={t`Daily check-in`} data-testid="checkin-panel">
      {view.phase === 'loading' ? <StatusMessage tone="loading" title={t`Loading…`} headingLevel={3} /> : null}
      {view.phase === 'failed' ? (
        <StatusMessage tone="error" title={t`The check-in could not be loaded.`} headingLevel={3} action={{ label: t`Try again`, onClick: retry }} testId="checkin-failed" />
      ) : null}
      {view.phase === 'ready' ? <CheckInBody status={view.data} language={language} busy={submit.busy} onCheckIn={() => void submit.run()} /> : null}
    </Panel>
  );
}

function CheckInBody({ status, language, busy, onCheckIn }: { status: CheckinStatus; language: Language; busy: boolean; onCheckIn: () => void }) {
  const { t } = useLingui();
  const reasonId = useId();
  const next = status.nextReward;
  const nextAmount = `+${trimZeros(next.amount)} ${next.currency}`;
  return (
    <div className={styles.checkin} data-testid="checkin" data-checked-today={status.checkedInToday} data-streak={status.streak}>
      <CheckInCalendar month={status.month} today={status.today} checkedDays={status.checkedDays} locale={intlLocale(language)} />
      <div className={styles.checkinSide}>
        <StatGroup label={t`Your check-in`}>
          <Stat label={t`Streak (days)`} value={status.streak} testId="checkin-streak" />
          <Stat label={status.checkedInToday ? t`Tomorrow's reward` : t`Today's reward`} value={nextAmount} testId="checkin-next-reward" />
        </StatGroup>
        <Button
          size="large"
          block
          disabled={status.checkedInToday}
          loading={busy}
          aria-describedby={status.checkedInToday ? reasonId : undefined}
          onClick={onCheckIn}
          data-testid="checkin-submit"
        >
          {status.checkedInToday ? t`Checked in today` : t`Check in`}
        </Button>
        {status.checkedInToday ? (
          <p id={reasonId} className={styles.note} data-testid="checkin-done-reason">
            {t`You have checked in today. Come back tomorrow (UTC) to keep your streak.`}
          </p>
        ) : null}
        <RewardTable status={status} />
      </div>
    </div>
  );
}

function RewardTable({ status }: { status: CheckinStatus }) {
  const { t } = useLingui();
  const ticketDays = status.ticketEveryDays;
  return (
    <div className={styles.rewardTable}>
      <h3 className={styles.subheading}>{t`Rewards`}</h3>
      <ol className={styles.rewardDays} data-testid="checkin-rewards">
        {status.rewards.map((reward) => {
          const day = reward.day;
          return (
            <li key={day} className={styles.rewardDay} data-next={reward.day === status.nextReward.day || undefined}>
              <span className={styles.rewardDayName}>{t`Day ${day}`}</span>
              <span className={styles.rewardAmount}>
                {trimZeros(reward.amount)} {reward.currency}
              </span>
            </li>
          );
        })}
      </ol>
      <p className={styles.note}>
        {t`Check in on consecutive UTC days: a missed day starts the streak again at day 1, and the table repeats after its last day. Every ${ticketDays} days in a row earn a lucky draw ticket.`}
      </p>
    </div>
  );
}
