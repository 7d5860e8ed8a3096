/**
 * The two screens of the rewards area. /LotteryCheckIn shows the check-in beside the lucky draw,
 * each where the site config switches it on (spec 3 checkinEnabled, luckydraw.enabled; the page
 * itself is hidden when both are off, spec 2); a check-in that earns a ticket makes the draw read
 * its tickets again. /Profile/Award/Luckydraw shows the draw alone. Both ask a visitor to log in.
 */
import { useState } from 'react';
import type { SiteConfig } from '../../../shared/api/site';
import type { Language } from '../../../shared/languages';
import { CheckInPanel } from './CheckInPanel';
import { LuckyDrawPanel } from './LuckyDrawPanel';
import { SignedIn } from './SignedIn';
import styles from './rewards.module.css';

export function LotteryCheckInScreen({ language, config }: { language: Language; config: Pick<SiteConfig, 'checkinEnabled' | 'luckydraw'> }) {
  const [ticketsVersion, setTicketsVersion] = useState(0);
  return (
    <SignedIn>
      <div className={styles.screen} data-testid="lottery-checkin">
        {config.checkinEnabled ? <CheckInPanel language={language} onCheckedIn={() => setTicketsVersion((value) => value + 1)} /> : null}
        {config.luckydraw.enabled ? <LuckyDrawPanel language={language} version={ticketsVersion} /> : null}
      </div>
    </SignedIn>
  );
}

export function LuckyDrawScreen({ language }: { language: Language }) {
  return (
    <SignedIn>
      <div className={styles.single}>
        <LuckyDrawPanel language={language} version={0} />
      </div>
    </SignedIn>
  );
}
