/**
 * The help-desk chat panel (spec 2 "Help desk chat widget", spec 4 "Chat", R-HELP-01..15), loaded
 * when the service icon is first clicked. It resumes the chat stored for this phone (or for this
 * browser's visitors), or starts one: after a service code of exactly SERVICE_CODE_LENGTH
 * characters when the help desk requires one, else at once. Then the welcome message, the title
 * line with the chat's start date, the messages (text with emoticons, images), and the composer.
 * New messages arrive from the hub's socket; after every (re)connection the history is read again
 * so that nothing sent meanwhile is missed. Every message is shown as text, never as HTML.
 */
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { SiteConfig } from '../../../shared/api/site';
import type { HelpdeskMessage } from '../../../shared/api/helpdesk';
import { SERVICE_CODE_LENGTH } from '../../../shared/constants';
import { formatDate } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { useOnline } from '../../pwa/connectivity';
import { useHelpdeskTopic } from '../../state/hub';
import { Button, ButtonLink } from '../../ui/Button';
import { FormField } from '../../ui/FormField';
import { CloseIcon } from '../../ui/icons';
import { StatusMessage } from '../../ui/StatusMessage';
import { mergeMessages } from './chatLines';
import { ChatComposer } from './ChatComposer';
import { ChatMessages } from './ChatMessages';
import { HelpdeskOfflineNote } from './HelpdeskOfflineNote';
import { readHistory, sendImage, sendText, startChat, type ChatStart, type SendOutcome } from './helpdeskCalls';
import type { PendingLine } from './ChatMessages';
import { isServiceCode, serviceCodeInput } from './rules';
import { rememberChat, setHelpdeskOnScreen, storedChat, useHelpdeskView } from './session';
import styles from './HelpdeskPanel.module.css';
import { loginPath } from '../../ui/paths';
import { prepareUploadImage } from '../../ui/uploadImage';

export interface HelpdeskPanelProps {
  helpDesk: SiteConfig['helpDesk'];
  /** chatSessionKey of the person in this tab. */
  sessionKey: string;
  language: Language;
  /** The page to come back to after signing in. */
  returnPath: string;
  onClose: () => void;
}

type Phase =
  | { name: 'starting' }
  | { name: 'code'; error: string | null; busy: boolean }
  | { name: 'chat'; chat: ChatStart }
  | { name: 'ended' }
  | { name: 'signIn' }
  | { name: 'failed'; network: boolean };

export default function HelpdeskPanel({ helpDesk, sessionKey, language, returnPath, onClose }: HelpdeskPanelProps) {
  const { t } = useLingui();
  const { open, storageFailure } = useHelpdeskView();
  const online = useOnline();
  // What opening starts with: the chat stored for this phone, else a new chat, for which the
  // help desk may want a service code first. The panel is keyed by the phone's key, so a
  // sign-in or sign-out opens the new person's panel from here again.
  const [firstStart] = useState(() => {
    const stored = storedChat(sessionKey);
    if (stored) return { sessionId: stored.sessionId };
    return helpDesk.scRequired ? null : {};
  });
  const [phase, setPhase] = useState<Phase>(firstStart ? { name: 'starting' } : { name: 'code', error: null, busy: false });
  const titleId = useId();

  const begin = useCallback(
    (input: { serviceCode?: string; sessionId?: string }) =>
      startChat(input).then((outcome) => {
        if (outcome.ok) {
          rememberChat(sessionKey, { sessionId: outcome.chat.sessionId, chatId: outcome.chat.chatId, timeCreated: outcome.chat.timeCreated });
          setPhase({ name: 'chat', chat: outcome.chat });
        } else if (outcome.reason === 'codeRequired' || outcome.reason === 'codeInvalid') {
          // The stored chat is over (an operator closed it): a new one needs a code.
          if (input.sessionId) rememberChat(sessionKey, null);
          setPhase({ name: 'code', error: input.serviceCode ? outcome.message || t`This service code is not valid.` : null, busy: false });
        } else if (outcome.reason === 'signIn') {
          setPhase({ name: 'signIn' });
        } else {
          setPhase({ name: 'failed', network: outcome.reason === 'network' });
        }
      }),
    [sessionKey, t],
  );

  useEffect(() => {
    if (firstStart) void begin(firstStart);
  }, [begin, firstStart]);

  /** A new chat (after the last one ended, or after a failure): a code first when one is required. */
  const startNew = () => {
    const stored = phase.name === 'failed' ? storedChat(sessionKey) : null;
    if (phase.name !== 'failed') rememberChat(sessionKey, null);
    if (!stored && helpDesk.scRequired) {
      setPhase({ name: 'code', error: null, busy: false });
      return;
    }
    setPhase({ name: 'starting' });
    void begin(stored ? { sessionId: stored.sessionId } : {});
  };

  const chatStart = phase.name === 'chat' ? phase.chat : null;
  return (
    <section
      id="helpdesk-panel"
      className={styles.panel}
      role="dialog"
      aria-labelledby={titleId}
      hidden={!open}
      data-testid="helpdesk-panel"
      data-phase={phase.name}
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
          {chatStart ? (
            <p className={styles.titleLine} data-testid="helpdesk-title">
              <time dateTime={new Date(chatStart.timeCreated).toISOString()}>{formatDate(chatStart.timeCreated, language)}</time>
            </p>
          ) : null}
        </div>
        <Button variant="icon" className={styles.closeButton} onClick={onClose} aria-label={t`Close the chat`} title={t`Close the chat`} data-testid="helpdesk-close">
          <CloseIcon />
        </Button>
      </header>
      {online ? null : <HelpdeskOfflineNote />}
      {storageFailure ? (
        <p className={styles.storageNote} role="status" data-testid="helpdesk-storage-failure">
          {t`This browser does not let the chat be kept: it cannot be resumed after the page closes.`}
        </p>
      ) : null}
      {phase.name === 'starting' ? (
        <div className={styles.status}>
          <StatusMessage tone="loading" title={t`Connecting to customer service…`} headingLevel={3} />
        </div>
      ) : null}
      {phase.name === 'code' ? (
        <ServiceCodeForm
          error={phase.error}
          busy={phase.busy}
          active={open}
          onSubmit={(code) => {
            setPhase({ name: 'code', error: null, busy: true });
            void begin({ serviceCode: code });
          }}
        />
      ) : null}
      {phase.name === 'chat' ? <ChatView key={phase.chat.chatId} chat={phase.chat} active={open} onEnded={() => setPhase({ name: 'ended' })} /> : null}
      {phase.name === 'ended' ? (
        <div className={styles.status}>
          <StatusMessage tone="neutral" title={t`This chat has ended.`} headingLevel={3} action={{ label: t`Start a new chat`, onClick: startNew }} testId="helpdesk-ended" />
        </div>
      ) : null}
      {phase.name === 'signIn' ? (
        <div className={styles.status}>
          <StatusMessage tone="neutral" title={t`Log in to chat with customer service.`} headingLevel={3} testId="helpdesk-signin">
            <ButtonLink to={loginPath(returnPath)}>{t`Log in`}</ButtonLink>
          </StatusMessage>
        </div>
      ) : null}
      {phase.name === 'failed' ? (
        <div className={styles.status}>
          {/* spec 8: a network failure shows 'network_error'. */}
          <StatusMessage
            tone="error"
            title={phase.network ? t`Network error. Check your connection and try again.` : t`Customer service could not be reached. Try again later.`}
            headingLevel={3}
            action={{ label: t`Try again`, onClick: startNew }}
            testId="helpdesk-start-failed"
          />
        </div>
      ) : null}
    </section>
  );
}

function ServiceCodeForm({ error, busy, active, onSubmit }: { error: string | null; busy: boolean; active: boolean; onSubmit: (code: string) => void }) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (active) inputRef.current?.focus();
  }, [active]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isServiceCode(code) && !busy) onSubmit(code);
  };
  const length = SERVICE_CODE_LENGTH;
  return (
    <form className={styles.codeForm} onSubmit={submit} noValidate data-testid="helpdesk-code-form">
      <FormField label={t`Service code`} hint={t`Enter the ${length}-character code customer service gave you.`} error={error} testId="helpdesk-code">
        {(control) => (
          <input
            {...control}
            ref={inputRef}
            className={styles.codeInput}
            value={code}
            onChange={(event) => setCode(serviceCodeInput(event.target.value))}
            inputMode="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={SERVICE_CODE_LENGTH}
            data-testid="helpdesk-code-input"
          />
        )}
      </FormField>
      <Button type="submit" disabled={!isServiceCode(code) || busy} data-testid="helpdesk-code-submit">
        {busy ? t`Starting…` : t`Start chat`}
      </Button>
    </form>
  );
}

/**
 * The chat itself: history, pushed messages, the one send that may be in flight (spec 4: sending
 * is blocked while a send is in progress), and whether the newest message is on screen (the
 * service icon counts the desk's messages that arrive while it is not).
 */
function ChatView({ chat, active, onEnded }: { chat: ChatStart; active: boolean; onEnded: () => void }) {
  const { t } = useLingui();
  const [messages, setMessages] = useState<HelpdeskMessage[]>([]);
  const [pending, setPending] = useState<PendingLine | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sending = useRef(false);
  const [atBottom, setAtBottom] = useState(true);
  const [tabVisible, setTabVisible] = useState(() => document.visibilityState === 'visible');
  const addMessages = useCallback((incoming: HelpdeskMessage[]) => {
    setMessages((current) => mergeMessages(current, incoming, { showHidden: false }));
  }, []);

  const channel = useHelpdeskTopic({ kind: 'chat', chatId: chat.chatId }, (message) => addMessages([message]));

  // The history when the chat opens, and again whenever the socket (re)joins the chat: whatever
  // arrived while it was down is read then.
  const hasMessages = messages.length > 0;
  useEffect(() => {
    if (channel === 'waiting' && hasMessages) return undefined;
    let current = true;
    void readHistory(chat.sessionId).then((history) => {
      if (current && history) addMessages(history);
    });
    return () => {
      current = false;
    };
    // Only the chat and the channel's state decide when to read; the messages are what it fills.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chat.sessionId, channel, addMessages]);

  useEffect(() => {
    const onVisibility = () => setTabVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  useEffect(() => {
    setHelpdeskOnScreen(active && tabVisible && atBottom);
  }, [active, tabVisible, atBottom]);
  useEffect(() => () => setHelpdeskOnScreen(false), []);

  const failureText = (outcome: Exclude<SendOutcome, { ok: true }>): string => {
    switch (outcome.reason) {
      // spec 8: 'network_error' when the send never reached the server, 'fail_in_send' when it was refused.
      case 'network':
        return t`Network error. Check your connection and try again.`;
      case 'invalidImage':
        return t`Invalid image.`;
      case 'signIn':
        return t`Log in to chat with customer service.`;
      default:
        return t`The message could not be sent.`;
    }
  };

  /** Runs one send unless another is in flight; true when it was delivered. */
  const runSend = async (line: PendingLine, send: () => Promise<SendOutcome | null>): Promise<boolean> => {
    if (sending.current) return false;
    sending.current = true;
    setPending(line);
    setError(null);
    try {
      const outcome = await send();
      if (outcome === null) {
        setError(t`Invalid image.`);
        return false;
      }
      if (outcome.ok) {
        addMessages([outcome.message]);
        return true;
      }
      if (outcome.reason === 'closed') onEnded();
      else setError(failureText(outcome));
      return false;
    } finally {
      sending.current = false;
      setPending(null);
    }
  };

  const sendTextLine = (text: string) => runSend({ kind: 'text', text, timeCreated: Date.now() }, () => sendText(chat.sessionId, text));
  const sendImageFile = (file: File) =>
    runSend({ kind: 'image', text: '', timeCreated: Date.now() }, async () => {
      const jpeg = await prepareUploadImage(file);
      return jpeg ? sendImage(chat.sessionId, jpeg) : null;
    });

  return (
    <>
      <ChatMessages welcome={chat.welcome} messages={messages} pending={pending} live={channel} onBottomChange={setAtBottom} />
      {error ? (
        <p className={styles.sendError} role="alert" data-testid="helpdesk-error">
          {error}
        </p>
      ) : null}
      <ChatComposer active={active} sending={pending !== null} onSendText={sendTextLine} onSendImage={(file) => void sendImageFile(file)} />
    </>
  );
}
