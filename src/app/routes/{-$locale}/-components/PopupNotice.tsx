/**
 * The home page's popup notice (spec 2 Home/PopupNotice, spec 4, R-STATE-03..05): each time the
 * home page opens it takes the active notices from the hub's home config (one read for every
 * tab, kept HOME_CONFIG_CACHE_MS), keeps those inside their window by this device's clock, and
 * shows the first one its mode allows (1 once ever, 2 once a day, 3 every time) in a modal
 * dialog, one at a time. The showing is recorded in the hub under the popup day number of the
 * device's clock, so every tab and every later visit agree. The dialog shows the notice's title
 * and summary, as text, and links to the whole notice on its post page; the tab itself makes no
 * request (ARCHITECTURE.md: the hub does the network work once for every open tab).
 *
 * The dialog is the browser's modal <dialog>, not the kit's Dialog: the kit's is Radix, about
 * 10 KB gzip, and a notice shows on most first visits, soon enough that its code would count in
 * the home page's first-paint budget (tests/e2e/budget.spec.ts). showModal gives what the kit's
 * gives (focus moves in, the page behind is inert, Escape closes it); its buttons are the kit's.
 * The notice opened by itself, so there is no opener to give the focus back to: closing it puts
 * the focus on the main content (focus.ts), not on the document's start.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import type { NoticeSummary } from '../../../../shared/api/content';
import type { Language } from '../../../../shared/languages';
import { popupDayNumber, selectPopupNotice } from '../../../../shared/popup';
import { getHub } from '../../../api/hub';
import { useLanguage } from '../../../i18n/useLanguage';
import { Button, ButtonLink } from '../../../ui/Button';
import { keepFocusInPage } from '../../../ui/focus';
import { CloseIcon } from '../../../ui/icons';
import styles from './PopupNotice.module.css';

/** Chooses the notice to show now and records the showing; null when there is none. */
async function takePopupNotice(language: Language, isCancelled: () => boolean): Promise<NoticeSummary | null> {
  const hub = getHub();
  // The popups do not depend on a referral code; the visitor's home config is the shared one.
  const [home, showings] = await Promise.all([hub.home(language, null), hub.popupRecords()]);
  const nowMs = Date.now();
  const offsetMinutes = -new Date(nowMs).getTimezoneOffset();
  const chosen = selectPopupNotice(home.notices.popups, showings, nowMs, offsetMinutes);
  if (!chosen || isCancelled()) return null;
  await hub.recordPopup({ noticeId: chosen.id, dayNumber: popupDayNumber(nowMs, offsetMinutes), shownAt: nowMs });
  return chosen;
}

export function PopupNotice() {
  const language = useLanguage();
  const [notice, setNotice] = useState<NoticeSummary | null>(null);
  useEffect(() => {
    let cancelled = false;
    takePopupNotice(language, () => cancelled)
      .then((shown) => {
        if (!cancelled) setNotice(shown);
      })
      .catch((error: unknown) => console.warn('Failed to choose a popup notice', error));
    return () => {
      cancelled = true;
    };
  }, [language]);
  return notice ? <PopupNoticeDialog notice={notice} onClose={() => setNotice(null)} /> : null;
}

function PopupNoticeDialog({ notice, onClose }: { notice: NoticeSummary; onClose: () => void }) {
  const { t } = useLingui();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const summaryId = useId();
  useEffect(() => {
    const dialog = dialogRef.current;
    // showModal makes the page behind inert, moves focus into the dialog and closes on Escape.
    // Leaving the page removes the element, which ends the modal state: no cleanup to do.
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={notice.summary ? summaryId : undefined}
      data-testid="popup-notice"
      data-notice-id={notice.id}
      onClose={() => {
        onClose();
        keepFocusInPage();
      }}
    >
      <div className={styles.heading}>
        <h2 id={titleId} className={styles.title} data-testid="popup-notice-title">
          {notice.title}
        </h2>
        <Button variant="icon" className={styles.close} aria-label={t`Close`} data-testid="popup-notice-close" onClick={() => dialogRef.current?.close()}>
          <CloseIcon />
        </Button>
      </div>
      {notice.summary ? (
        <p id={summaryId} className={styles.summary} data-testid="popup-notice-summary">
          {notice.summary}
        </p>
      ) : null}
      <div className={styles.actions}>
        <ButtonLink to={`/post/detail?id=${notice.id}`} variant="ghost" data-testid="popup-notice-details">
          {t`Details`}
        </ButtonLink>
        <Button className={styles.confirm} data-testid="popup-notice-confirm" onClick={() => dialogRef.current?.close()}>
          {t`Got it`}
        </Button>
      </div>
    </dialog>
  );
}
