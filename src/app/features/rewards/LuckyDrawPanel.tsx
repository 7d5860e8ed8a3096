/**
 * The lucky draw (spec 2 /Profile/Award/Luckydraw, also a panel of /LotteryCheckIn): the prizes
 * with their chances, the tickets left and how they are earned, the Draw button and what it won,
 * and the latest draws. The server draws (a CSPRNG, the configured odds); the screen only shows the
 * answer, without animation. A draw sends the oldest ticket's id, which makes it safe to repeat: an
 * answer that never came (a dropped connection, a 502) is asked again once with the same ticket,
 * and the server answers the draw it made or makes it now, never two.
 */
import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { luckydrawCall, luckydrawStatusCall, type Draw, type LuckydrawStatus, type Prize } from '../../../shared/api/rewards';
import { isNetworkFailure } from '../../../shared/client/client';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { trimZeros } from '../../../shared/decimal';
import { formatDate } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { callApi } from '../../api/client';
import { showToast } from '../../state/hub-store';
import { loadBalances, markAssetsChanged } from '../../state/session';
import { Button } from '../../ui/Button';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { Panel } from '../../ui/Panel';
import { Stat, StatGroup } from '../../ui/Stat';
import { StatusMessage } from '../../ui/StatusMessage';
import { useSubmitOnce } from '../../ui/useSubmitOnce';
import { useRewardsData } from './useRewardsData';
import styles from './rewards.module.css';

/** The one repeat of a draw whose answer was lost waits this long, so that a server still committing it has done it. */
const LOST_DRAW_RETRY_DELAY_MS = 1_000;

function prizeText(prize: { amount: string; currency: string }): string {
  return `${trimZeros(prize.amount)} ${prize.currency}`;
}

/** Sends a draw; null when no answer came (the caller may send the same ticket again). */
async function sendDraw(ticketId: number): Promise<Draw | null | 'refused'> {
  try {
    const answer = await callApi(luckydrawCall, { body: { ticketId } });
    return answer === false ? null : answer.draw;
  } catch (error) {
    // A refusal was toasted (spec 8).
    return isNetworkFailure(error) ? null : 'refused';
  }
}

export function LuckyDrawPanel({ language, version, headingLevel = 2 }: { language: Language; version: number; headingLevel?: 2 | 3 }) {
  const { t } = useLingui();
  const [drawn, setDrawn] = useState(0);
  const [won, setWon] = useState<Draw | null>(null);
  const { view, retry } = useRewardsData(luckydrawStatusCall, version + drawn);
  const submit = useSubmitOnce(async (ticketId: number) => {
    setWon(null);
    let made = await sendDraw(ticketId);
    if (made === null) {
      await new Promise((resolve) => setTimeout(resolve, LOST_DRAW_RETRY_DELAY_MS));
      made = await sendDraw(ticketId);
    }
    if (made === null) showToast(t`The draw got no answer. Your ticket is safe: try again.`, ERROR_TOAST_MS);
    else if (made !== 'refused') {
      setWon(made);
      markAssetsChanged();
      void loadBalances();
    }
    setDrawn((value) => value + 1);
  });

  return (
    <Panel title={t`Lucky draw`} headingLevel={headingLevel} data-testid="luckydraw-panel">
      {view.phase === 'loading' ? <StatusMessage tone="loading" title={t`Loading…`} headingLevel={3} /> : null}
      {view.phase === 'failed' ? (
        <StatusMessage tone="error" title={t`The lucky draw could not be loaded.`} headingLevel={3} action={{ label: t`Try again`, onClick: retry }} testId="luckydraw-failed" />
      ) : null}
      {view.phase === 'ready' ? (
        <LuckyDrawBody status={view.data} language={language} won={won} busy={submit.busy} onDraw={(ticketId) => void submit.run(ticketId)} />
      ) : null}
    </Panel>
  );
}

interface LuckyDrawBodyProps {
  status: LuckydrawStatus;
  language: Language;
  won: Draw | null;
  busy: boolean;
  onDraw: (ticketId: number) => void;
}

function LuckyDrawBody({ status, language, won, busy, onDraw }: LuckyDrawBodyProps) {
  const { t } = useLingui();
  const reasonId = useId();
  const ticketId = status.ticketIds[0];
  const ticketDays = status.ticketEveryDays;
  const wonText = won ? prizeText(won) : '';
  return (
    <div className={styles.draw} data-testid="luckydraw" data-tickets={status.ticketsLeft}>
      <div className={styles.drawAction}>
        <StatGroup label={t`Your tickets`}>
          <Stat label={t`Tickets left`} value={status.ticketsLeft} testId="luckydraw-tickets" />
        </StatGroup>
        <p className={styles.note} id={reasonId}>
          {status.ticketsLeft === 0
            ? t`You have no tickets. Check in ${ticketDays} days in a row to earn one.`
            : t`Each draw uses one ticket. Every ${ticketDays} consecutive check-in days earn a ticket.`}
        </p>
        <Button size="large" block disabled={ticketId === undefined} loading={busy} aria-describedby={reasonId} onClick={() => ticketId !== undefined && onDraw(ticketId)} data-testid="luckydraw-submit">
          {t`Draw`}
        </Button>
        <p className={styles.result} role="status" data-testid="luckydraw-result">
          {won ? t`You won ${wonText}!` : ''}
        </p>
      </div>
      <PrizeTable prizes={status.prizes} />
      <DrawHistory draws={status.draws} language={language} />
    </div>
  );
}

function PrizeTable({ prizes }: { prizes: readonly Prize[] }) {
  const { t } = useLingui();
  const columns: DataColumn<Prize>[] = [
    { key: 'prize', label: t`Prize`, cell: (prize) => prizeText(prize) },
    { key: 'chance', label: t`Chance`, align: 'end', cell: (prize) => `${prize.chancePercent}%` },
  ];
  return (
    <div>
      <h3 className={styles.subheading}>{t`Prizes and odds`}</h3>
      <DataTable columns={columns} rows={prizes} rowKey={(prize) => prize.id} caption={t`Prizes and odds`} stackOnPhone={false} density="compact" testId="luckydraw-prizes" />
    </div>
  );
}

function DrawHistory({ draws, language }: { draws: readonly Draw[]; language: Language }) {
  const { t } = useLingui();
  const columns: DataColumn<Draw>[] = [
    { key: 'time', label: t`Time`, cell: (draw) => formatDate(draw.createdAt, language, { withTime: true }) },
    { key: 'prize', label: t`Prize`, align: 'end', cell: (draw) => prizeText(draw) },
  ];
  return (
    <div>
      <h3 className={styles.subheading}>{t`Your last draws`}</h3>
      <DataTable
        columns={columns}
        rows={draws}
        rowKey={(draw) => draw.id}
        caption={t`Your last draws`}
        empty={t`No draws yet.`}
        stackOnPhone={false}
        density="compact"
        testId="luckydraw-history"
        rowProps={(draw) => ({ 'data-testid': 'luckydraw-row', 'data-id': draw.id })}
      />
    </div>
  );
}
