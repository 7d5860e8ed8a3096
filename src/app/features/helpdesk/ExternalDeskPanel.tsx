/**
 * The help desk that lives elsewhere (spec 2: the help link is the profile's helpDeskLink, else
 * the config's extLink when helpDesk.useExternal says so), shown in an overlay over the page
 * rather than in a new tab, so the trader keeps the page they asked from (spec 4: "the chat popup
 * and an iframe overlay each toggle open and closed", R-HELP-15). The service button opens and
 * closes it; so do its close button and Escape. The frame is sandboxed (the desk runs its own
 * scripts, never with this site's rights), and a link opens the desk in a new tab for desks that
 * refuse to be framed. Offline it says so, and reloads the desk once the connection is back if it
 * was loaded while offline (spec 4: online/offline status is tracked).
 */
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { connectivity, useOnline, useRetryWhenOnline } from '../../pwa/connectivity';
import { Button } from '../../ui/Button';
import { CloseIcon } from '../../ui/icons';
import { HelpdeskOfflineNote } from './HelpdeskOfflineNote';
import { useHelpdeskView } from './session';
import styles from './HelpdeskPanel.module.css';

export interface ExternalDeskPanelProps {
  href: string;
  onClose: () => void;
}

export default function ExternalDeskPanel({ href, onClose }: ExternalDeskPanelProps) {
  const { t } = useLingui();
  const { open } = useHelpdeskView();
  const online = useOnline();
  const titleId = useId();
  const [frameKey, setFrameKey] = useState(0);
  const loadedOffline = useRef(false);
  const reloadIfLoadedOffline = useCallback(() => {
    if (loadedOffline.current) setFrameKey((key) => key + 1);
  }, []);
  useRetryWhenOnline(reloadIfLoadedOffline);
  // Opened, the dialog takes the focus (its title is read out, Escape closes it).
  const dialog = useRef<HTMLElement>(null);
  useEffect(() => {
    if (open) dialog.current?.focus();
  }, [open]);
  return (
    <section
      ref={dialog}
      tabIndex={-1}
      id="helpdesk-panel"
      className={`${styles.panel} ${styles.externalPanel}`}
      role="dialog"
      aria-labelledby={titleId}
      hidden={!open}
      data-testid="helpdesk-external"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <header className={styles.header}>
        <div className={styles.heading}>
          <h2 id={titleId} className={styles.brand}>
            {t`Customer service`}
          </h2>
        </div>
        <a className={styles.headerLink} href={href} target="_blank" rel="noopener noreferrer" data-testid="helpdesk-external-link">
          {t`Open in a new tab`}
        </a>
        <Button variant="icon" className={styles.closeButton} onClick={onClose} aria-label={t`Close customer service`} title={t`Close customer service`} data-testid="helpdesk-close">
          <CloseIcon />
        </Button>
      </header>
      {online ? null : <HelpdeskOfflineNote />}
      <iframe
        key={frameKey}
        className={styles.externalFrame}
        src={href}
        title={t`Customer service`}
        // The desk's own page, in its own origin: scripts and forms for its chat, pop-ups for its
        // links; never top navigation of this page.
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        onLoad={() => {
          loadedOffline.current = !connectivity.isOnline();
        }}
        data-testid="helpdesk-frame"
      />
    </section>
  );
}
