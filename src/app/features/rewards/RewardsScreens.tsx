/**
 * The two screens of the rewards area. /LotteryCheckIn shows the check-in beside the lucky draw,
 * each where the site config switches it on (spec 3 checkinEnabled, luckydraw.enabled; the page
 * itself is hidden when both are off, spec 2); a check-in that earns a ticket makes the draw read
 * its tickets again. /Profile/Award/Luckydraw shows the draw alone. Both ask a visitor to log in.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { SiteConfig } from '../../../shared/api/site';
import type { Language } from '../../../shared/languages';
import { CheckInPanel } from './CheckInPanel';
import { SignedInOnly } from '../../layout/SignedInOnly';
import { LuckyDrawPanel } from './LuckyDrawPanel';
import styles from './rewards.module.css';

export function LotteryCheckInScreen({ language, config }: { language: Language; config: Pick<SiteConfig, 'checkinEnabled' | 'luckydraw'> }) {
  const { t } = useLingui();
  const [ticketsVersion, setTicketsVersion] = useState(0);
  return (
    <SignedInOnly prompt={t`Log in to check in and draw prizes.`}>
      {() => (
        <div className={styles.screen} data-testid="lottery-checkin">
          {config.checkinEnabled ? <CheckInPanel language={language} onCheckedIn={() => setTicketsVersion((value) => value + 1)} /> : null}
          {config.luckydraw.enabled ? <LuckyDrawPanel language={language} version={ticketsVersion} /> : null}
        </div>
      )}
    </SignedInOnly>
  );
}

export function LuckyDrawScreen({ language }: { language: Language }) {
  const { t } = useLingui();
  return (
    <SignedInOnly prompt={t`Log in to check in and draw prizes.`}>
      {() => (
        <div className={styles.single}>
          <LuckyDrawPanel language={language} version={0} />
        </div>
      )}
    </SignedInOnly>
  );
}
