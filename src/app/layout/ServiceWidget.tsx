/**
 * The floating customer-service button of the main layout (spec 2, R-LAY-01, R-HELP-03..07,
 * R-HELP-15): bottom right, above the bottom navigation on phones. It follows the help-desk rules
 * of ServiceWidget.target.ts: login when the help desk needs a signed-in user, else the help link
 * (a page of the app, or a desk elsewhere shown in an overlay that the button opens and closes),
 * else it opens the help-desk chat. Either panel loads on the first click. While this phone has a chat, the button follows it through the hub and counts the
 * desk's replies that arrive while the chat is not on screen (spec 4: the notice).
 */
import { useLingui } from '@lingui/react/macro';
import { useLocation } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { SiteConfig } from '../../shared/api/site';
import { chatSessionKey, noteDeskMessage, rememberChat, setHelpdeskOpen, storedChat, useHelpdeskView, VISITOR_CHAT_KEY } from '../features/helpdesk/session';
import { useLanguage } from '../i18n/useLanguage';
import { useHelpdeskTopic, useHubSession } from '../state/hub';
import { PageLink } from '../ui/PageLink';
import styles from './ServiceWidget.module.css';
import { serviceWidgetTarget } from './ServiceWidget.target';
import { loginPath } from '../ui/paths';

const HelpdeskPanel = lazy(() => import('../features/helpdesk/HelpdeskPanel'));
const ExternalDeskPanel = lazy(() => import('../features/helpdesk/ExternalDeskPanel'));

/** Above this many unread replies the badge says 99+. */
const UNREAD_SHOWN_MAX = 99;

export function ServiceWidget({ config }: { config: SiteConfig }) {
  const { t } = useLingui();
  const location = useLocation();
  const session = useHubSession();
  const signedIn = session?.status === 'signedIn';
  const target = serviceWidgetTarget(config.helpDesk, { signedIn, helpDeskLink: signedIn ? session.profile.helpDeskLink : undefined });
  const label = t`Customer service`;
  if (target.kind === 'external') return <ExternalDeskButton href={target.href} label={label} />;
  if (target.kind === 'page' || target.kind === 'login') {
    // Login brings the user back to the page they were on (from), as a 401 does (spec 4).
    const to = target.kind === 'login' ? loginPath(location.href) : target.path;
    return (
      <PageLink to={to} className={styles.widget} aria-label={label} title={label} data-testid="service-widget" data-target={target.kind}>
        <HeadsetIcon />
      </PageLink>
    );
  }
  // Until the hub knows who this is, no chat is followed: a visitor's chat is not a user's.
  const sessionKey = session?.status === 'signedIn' ? chatSessionKey(session.profile) : session?.status === 'signedOut' ? VISITOR_CHAT_KEY : null;
  return <ChatButton config={config} label={label} sessionKey={sessionKey} returnPath={location.href} />;
}

/** The service button of a desk elsewhere: it opens and closes the desk's overlay. */
function ExternalDeskButton({ href, label }: { href: string; label: string }) {
  const { open } = useHelpdeskView();
  const [loaded, setLoaded] = useState(open);
  if (open && !loaded) setLoaded(true);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setHelpdeskOpen(false);
    button.current?.focus();
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className={styles.widget}
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={loaded ? 'helpdesk-panel' : undefined}
        onClick={() => setHelpdeskOpen(!open)}
        data-testid="service-widget"
        data-target="external"
        data-href={href}
      >
        <HeadsetIcon />
      </button>
      {loaded ? (
        <Suspense fallback={open ? <p className={styles.loading} role="status" aria-busy="true" /> : null}>
          <ExternalDeskPanel href={href} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}

function ChatButton({ config, label, sessionKey, returnPath }: { config: SiteConfig; label: string; sessionKey: string | null; returnPath: string }) {
  const { t } = useLingui();
  const language = useLanguage();
  const { open, unread } = useHelpdeskView();
  // The panel's code loads the first time the chat opens, from this button or from elsewhere
  // (setHelpdeskOpen), and the panel then stays mounted, so that closing keeps the conversation.
  const [loaded, setLoaded] = useState(open);
  if (open && !loaded) setLoaded(true);
  const button = useRef<HTMLButtonElement>(null);
  const chat = sessionKey === null ? null : storedChat(sessionKey);

  // Each reply counts once, however often it is delivered (the server delivers at least once).
  const counted = useRef(new Set<number>());
  const channelState = useHelpdeskTopic(chat ? { kind: 'chat', chatId: chat.chatId } : null, (message) => {
    if (message.fromClient || !message.visible || counted.current.has(message.id)) return;
    counted.current.add(message.id);
    noteDeskMessage(document.visibilityState === 'visible');
  });

  // The server refused this chat even to a fresh socket: it is not this session's any more.
  useEffect(() => {
    if (channelState === 'refused' && sessionKey !== null && !open) rememberChat(sessionKey, null);
  }, [channelState, sessionKey, open]);

  const close = () => {
    setHelpdeskOpen(false);
    button.current?.focus();
  };
  const unreadText = unread > UNREAD_SHOWN_MAX ? `${UNREAD_SHOWN_MAX}+` : String(unread);
  const buttonLabel = unread > 0 ? t`${label}, ${unreadText} new messages` : label;
  return (
    <>
      <button
        ref={button}
        type="button"
        className={styles.widget}
        aria-label={buttonLabel}
        title={label}
        aria-expanded={open}
        aria-controls={loaded ? 'helpdesk-panel' : undefined}
        onClick={() => setHelpdeskOpen(!open)}
        data-testid="service-widget"
        data-target="chat"
      >
        <HeadsetIcon />
        {unread > 0 ? (
          <span className={styles.badge} aria-hidden="true" data-testid="service-widget-unread">
            {unreadText}
          </span>
        ) : null}
      </button>
      {open && sessionKey === null ? <p className={styles.loading} role="status" aria-busy="true" /> : null}
      {loaded && sessionKey !== null ? (
        <Suspense fallback={open ? <p className={styles.loading} role="status" aria-busy="true" /> : null}>
          <HelpdeskPanel key={sessionKey} helpDesk={config.helpDesk} sessionKey={sessionKey} language={language} returnPath={returnPath} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}

function HeadsetIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="26"
      height="26"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.9"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M4.5 13.5V12a7.5 7.5 0 0 1 15 0v1.5" />
      <rect x="3.5" y="13" width="4" height="6" rx="1.6" />
      <rect x="16.5" y="13" width="4" height="6" rx="1.6" />
      <path d="M18.5 19c0 1.4-1.6 2-4 2h-1.5" />
    </svg>
  );
}
