/**
 * The operators' help desk (issue 6): the chats, most recently active first (open, closed or
 * all), one chat read in full with hidden messages marked, replies, hiding a message from its
 * client, closing a chat, and the service codes (issue one, revoke one). New messages arrive
 * over the hub's socket on the operators' `helpdesk` channel and move their chat to the top.
 *
 * Only operators may use it: the server decides. A signed-out visitor is asked to log in; a user
 * who is not an operator gets the server's refusal (operatorOnly) and a clear note, nothing else.
 */
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  operatorChatCall,
  operatorChatCloseCall,
  operatorChatListCall,
  operatorChatReplyCall,
  operatorMessageHideCall,
  serviceCodeIssueCall,
  serviceCodeListCall,
  serviceCodeRevokeCall,
  type ChatStatus,
  type ChatSummary,
  type HelpdeskMessage,
  type ServiceCode,
} from '../../../shared/api/helpdesk';
import { ApiError } from '../../../shared/client/client';
import { SERVICE_CODE_LENGTH } from '../../../shared/constants';
import { ERRCODES } from '../../../shared/errcodes';
import { formatDate } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { callApi } from '../../api/client';
import { useHelpdeskChannel, useHubStatus } from '../../state/hub';
import { PageLink } from '../../ui/PageLink';
import { ChatComposer } from './ChatComposer';
import { MessageBody } from './ChatMessages';
import { clockTime, mergeMessages } from './chatLines';
import { isServiceCode, serviceCodeInput } from './rules';
import styles from './OperatorDesk.module.css';
import { useFollowEnd } from './useFollowEnd';
import { loginPath } from '../../ui/paths';

type ChatFilter = ChatStatus | 'all';
type Access = 'checking' | 'granted' | 'refused' | 'failed';

/** The server's refusal to a non-operator: shown as the page's answer, not as a toast. */
const OPERATOR_ONLY = [ERRCODES.operatorOnly];

async function readChats(filter: ChatFilter): Promise<ChatSummary[] | 'refused' | null> {
  try {
    const chats = await callApi(operatorChatListCall, { query: { status: filter } }, { silentErrcodes: OPERATOR_ONLY });
    return chats === false ? null : chats;
  } catch (error) {
    if (error instanceof ApiError && error.code === ERRCODES.operatorOnly) return 'refused';
    console.warn('Failed to read the help-desk chats', error);
    return null;
  }
}

/**
 * An operator keeps hidden messages with their bodies; a pushed hiding carries an empty body
 * (it is what the client sees), so the body the operator already has stays.
 */
function mergeForOperator(current: readonly HelpdeskMessage[], incoming: readonly HelpdeskMessage[]): HelpdeskMessage[] {
  const known = new Map(current.map((message) => [message.id, message]));
  const kept = incoming.map((message) => {
    const before = known.get(message.id);
    return !message.visible && message.body === '' && before ? { ...message, body: before.body } : message;
  });
  return mergeMessages(current, kept, { showHidden: true });
}

export function OperatorDesk({ language }: { language: Language }) {
  const { t } = useLingui();
  const status = useHubStatus();
  const session = status?.session.status ?? 'unknown';
  if (session === 'unknown') return <p className={styles.note} role="status" aria-busy="true" data-testid="operator-loading" />;
  if (session === 'signedOut') {
    return (
      <section className={styles.note} data-testid="operator-signin">
        <p>{t`Log in with an operator account to answer the help desk.`}</p>
        <PageLink className={styles.primaryButton} to={loginPath(window.location.pathname)}>
          {t`Log in`}
        </PageLink>
      </section>
    );
  }
  return <OperatorWorkspace language={language} />;
}

function OperatorWorkspace({ language }: { language: Language }) {
  const { t } = useLingui();
  const [access, setAccess] = useState<Access>('checking');
  const [tab, setTab] = useState<'chats' | 'codes'>('chats');
  const [filter, setFilter] = useState<ChatFilter>('open');
  const [chats, setChats] = useState<ChatSummary[]>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [detail, setDetail] = useState<{ chat: ChatSummary; messages: HelpdeskMessage[] } | null>(null);
  // The socket's handler and late answers read these: what is on screen when they arrive.
  const filterRef = useRef(filter);
  const selectedRef = useRef(selectedId);
  const chatsRef = useRef(chats);
  useEffect(() => {
    filterRef.current = filter;
    selectedRef.current = selectedId;
    chatsRef.current = chats;
  });

  const loadChats = useCallback(
    (wanted: ChatFilter) =>
      readChats(wanted).then((answer) => {
        if (wanted !== filterRef.current) return;
        if (answer === 'refused') setAccess('refused');
        else if (answer === null) setAccess((current) => (current === 'checking' ? 'failed' : current));
        else {
          setAccess('granted');
          setChats(answer);
        }
      }),
    [],
  );

  useEffect(() => {
    void loadChats(filter);
  }, [filter, loadChats]);

  const openChat = useCallback(async (chatId: string) => {
    selectedRef.current = chatId;
    setSelectedId(chatId);
    setDetail(null);
    try {
      const answer = await callApi(operatorChatCall, { query: { id: chatId } });
      if (answer !== false && selectedRef.current === chatId) setDetail(answer);
    } catch (error) {
      console.warn('Failed to read the chat', error);
    }
  }, []);

  // Every chat's messages, live: the list follows, and so does the chat on screen.
  const channel = useHelpdeskChannel(access === 'granted' ? { channel: 'helpdesk' } : null, (message) => {
    if (!chatsRef.current.some((chat) => chat.chatId === message.chatId)) {
      // A chat this list does not have yet (a new one): read the list again.
      void loadChats(filterRef.current);
    } else {
      setChats((current) => {
        const known = current.find((chat) => chat.chatId === message.chatId);
        if (!known) return current;
        const updated = { ...known, lastMessage: message, timeUpdated: Math.max(known.timeUpdated, message.timeCreated) };
        return [updated, ...current.filter((chat) => chat.chatId !== message.chatId)];
      });
    }
    if (message.chatId === selectedRef.current) {
      setDetail((current) => (current ? { ...current, messages: mergeForOperator(current.messages, [message]) } : current));
    }
  });

  if (access === 'checking') return <p className={styles.note} role="status" aria-busy="true" data-testid="operator-loading" />;
  if (access === 'refused') {
    return (
      <section className={styles.note} role="alert" data-testid="operator-refused">
        <p>{t`This page is for help-desk operators. Your account does not have access to it.`}</p>
        <PageLink to="/">{t`Go to the home page`}</PageLink>
      </section>
    );
  }
  if (access === 'failed') {
    return (
      <section className={styles.note} role="alert" data-testid="operator-failed">
        <p>{t`The help desk could not be loaded.`}</p>
        <button type="button" className={styles.secondaryButton} onClick={() => void loadChats(filter)}>
          {t`Try again`}
        </button>
      </section>
    );
  }

  return (
    <section className={styles.desk} data-testid="operator-desk" data-live={channel}>
      <div className={styles.toolbar}>
        <div className={styles.tabs} role="tablist" aria-label={t`Help desk`}>
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'chats'}
            className={styles.tab}
            onClick={() => setTab('chats')}
            data-testid="operator-tab-chats"
          >
            {t`Chats`}
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'codes'}
            className={styles.tab}
            onClick={() => setTab('codes')}
            data-testid="operator-tab-codes"
          >
            {t`Service codes`}
          </button>
        </div>
        <span className={styles.live} data-state={channel} role="status">
          <span className={styles.liveDot} aria-hidden="true" />
          {channel === 'live' ? t`Live` : channel === 'refused' ? t`Live updates refused` : t`Connecting…`}
        </span>
      </div>
      {tab === 'chats' ? (
        <div className={styles.chats} data-selected={selectedId ? 'true' : 'false'}>
          <ChatList
            chats={chats}
            filter={filter}
            selectedId={selectedId}
            language={language}
            onFilter={(next) => {
              filterRef.current = next;
              setFilter(next);
              setChats([]);
            }}
            onOpen={(chatId) => void openChat(chatId)}
          />
          {selectedId ? (
            <ChatDetail
              key={selectedId}
              detail={detail}
              language={language}
              onBack={() => setSelectedId(null)}
              onMessage={(message) => setDetail((current) => (current ? { ...current, messages: mergeForOperator(current.messages, [message]) } : current))}
              onChat={(chat) => {
                setDetail((current) => (current ? { ...current, chat } : current));
                setChats((current) => current.map((item) => (item.chatId === chat.chatId ? chat : item)));
              }}
            />
          ) : (
            <p className={`${styles.note} ${styles.placeholder}`}>{t`Choose a chat to read it and reply.`}</p>
          )}
        </div>
      ) : (
        <ServiceCodes language={language} />
      )}
    </section>
  );
}

function ChatList({
  chats,
  filter,
  selectedId,
  language,
  onFilter,
  onOpen,
}: {
  chats: ChatSummary[];
  filter: ChatFilter;
  selectedId: string | null;
  language: Language;
  onFilter: (filter: ChatFilter) => void;
  onOpen: (chatId: string) => void;
}) {
  const { t } = useLingui();
  const filters: { value: ChatFilter; label: string }[] = [
    { value: 'open', label: t({ message: 'Open', comment: 'Filter of the operator chat list: chats not closed yet' }) },
    { value: 'closed', label: t({ message: 'Closed', comment: 'Filter of the operator chat list: closed chats' }) },
    { value: 'all', label: t({ message: 'All', comment: 'Filter of the operator chat list: every chat' }) },
  ];
  return (
    <div className={styles.listPane}>
      <div className={styles.filters} role="group" aria-label={t`Chat filter`}>
        {filters.map((item) => (
          <button
            key={item.value}
            type="button"
            className={styles.filter}
            aria-pressed={item.value === filter}
            onClick={() => item.value !== filter && onFilter(item.value)}
            data-testid={`operator-filter-${item.value}`}
          >
            {item.label}
          </button>
        ))}
      </div>
      {chats.length === 0 ? (
        <p className={styles.empty} data-testid="operator-no-chats">
          {t`No chats here.`}
        </p>
      ) : (
        <ul className={styles.chatList} data-testid="operator-chats">
          {chats.map((chat) => (
            <li key={chat.chatId}>
              <button
                type="button"
                className={styles.chatRow}
                aria-current={chat.chatId === selectedId ? 'true' : undefined}
                onClick={() => onOpen(chat.chatId)}
                data-testid="operator-chat"
                data-chat-id={chat.chatId}
                data-status={chat.status}
              >
                <span className={styles.chatRowHeading}>
                  <span className={styles.contact}>{chat.contact || t`Visitor`}</span>
                  <time className={styles.time} dateTime={new Date(chat.timeUpdated).toISOString()}>
                    {formatDate(chat.timeUpdated, language, { withTime: true })}
                  </time>
                </span>
                <span className={styles.preview}>{chat.lastMessage ? <Preview message={chat.lastMessage} /> : t`No messages yet`}</span>
                <span className={styles.tags}>
                  {chat.serviceCode ? <span className={styles.tag}>{chat.serviceCode}</span> : null}
                  <span className={styles.tag}>{chat.language}</span>
                  {chat.status === 'closed' ? <span className={styles.tag}>{t`Closed`}</span> : null}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The last message of a chat in one line: who wrote it and its text (an image says so). */
function Preview({ message }: { message: HelpdeskMessage }) {
  const { t } = useLingui();
  const who = message.fromClient ? t`Client` : message.author;
  return (
    <>
      <strong>{who}: </strong>
      {message.type === 2 ? t`Image` : <MessageBody message={message} />}
    </>
  );
}

function ChatDetail({
  detail,
  language,
  onBack,
  onMessage,
  onChat,
}: {
  detail: { chat: ChatSummary; messages: HelpdeskMessage[] } | null;
  language: Language;
  onBack: () => void;
  onMessage: (message: HelpdeskMessage) => void;
  onChat: (chat: ChatSummary) => void;
}) {
  const { t } = useLingui();
  if (!detail) {
    return (
      <div className={styles.detail}>
        <p className={styles.note} role="status" aria-busy="true">
          {t`Loading…`}
        </p>
      </div>
    );
  }
  return <LoadedChat chat={detail.chat} messages={detail.messages} language={language} onBack={onBack} onMessage={onMessage} onChat={onChat} />;
}

function LoadedChat({
  chat,
  messages,
  language,
  onBack,
  onMessage,
  onChat,
}: {
  chat: ChatSummary;
  messages: HelpdeskMessage[];
  language: Language;
  onBack: () => void;
  onMessage: (message: HelpdeskMessage) => void;
  onChat: (chat: ChatSummary) => void;
}) {
  const { t } = useLingui();
  const [sending, setSending] = useState(false);
  const { scroller, content: list, onScroll } = useFollowEnd<HTMLDivElement, HTMLOListElement>();

  const reply = async (text: string): Promise<boolean> => {
    if (sending) return false;
    setSending(true);
    try {
      const message = await callApi(operatorChatReplyCall, { body: { chatId: chat.chatId, text } });
      if (message === false) return false;
      onMessage(message);
      return true;
    } catch {
      // The client toasted the server's reason.
      return false;
    } finally {
      setSending(false);
    }
  };

  const close = async () => {
    try {
      const closed = await callApi(operatorChatCloseCall, { body: { chatId: chat.chatId } });
      if (closed !== false) onChat(closed);
    } catch {
      // The client toasted the server's reason.
    }
  };

  const hide = async (messageId: number) => {
    try {
      const hidden = await callApi(operatorMessageHideCall, { body: { messageId } });
      if (hidden !== false) onMessage(hidden);
    } catch {
      // The client toasted the server's reason.
    }
  };

  return (
    <div className={styles.detail} data-testid="operator-chat-detail" data-chat-id={chat.chatId} data-status={chat.status}>
      <header className={styles.detailHeader}>
        <button type="button" className={styles.backButton} onClick={onBack} aria-label={t`Back to the chats`}>
          <svg
            viewBox="0 0 24 24"
            width="20"
            height="20"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M15 5l-7 7 7 7" />
          </svg>
        </button>
        <div className={styles.detailHeading}>
          <h2 className={styles.detailTitle}>{chat.contact || t`Visitor`}</h2>
          <p className={styles.detailMeta}>
            {t`Started ${formatDate(chat.timeCreated, language, { withTime: true })}`}
            {chat.serviceCode ? ` · ${chat.serviceCode}${chat.serviceCodeLabel ? ` (${chat.serviceCodeLabel})` : ''}` : ''}
            {` · ${chat.language}`}
          </p>
        </div>
        <button
          type="button"
          className={styles.secondaryButton}
          onClick={() => void close()}
          disabled={chat.status === 'closed'}
          data-testid="operator-close-chat"
        >
          {chat.status === 'closed' ? t`Closed` : t`Close chat`}
        </button>
      </header>
      <div ref={scroller} className={styles.messages} onScroll={onScroll}>
        <ol ref={list} className={styles.messageList} role="log" aria-live="polite" aria-label={t`Messages`}>
          {messages.map((message) => (
            <li
              key={message.id}
              className={message.fromClient ? styles.client : styles.operator}
              data-testid="operator-message"
              data-from={message.fromClient ? 'client' : 'desk'}
              data-visible={message.visible ? 'true' : 'false'}
            >
              <span className={styles.messageMeta}>
                {message.fromClient ? message.author || t`Client` : message.author} · {clockTime(message.timeCreated)}
                {message.visible ? null : <span className={styles.hiddenTag}>{t`Hidden from the client`}</span>}
              </span>
              <div className={styles.bubble}>
                <MessageBody message={message} />
              </div>
              {message.visible && message.fromClient ? (
                <button type="button" className={styles.textButton} onClick={() => void hide(message.id)} data-testid="operator-hide">
                  {t`Hide from the client`}
                </button>
              ) : null}
            </li>
          ))}
        </ol>
      </div>
      {chat.status === 'open' ? (
        <ChatComposer active sending={sending} onSendText={reply} />
      ) : (
        <p className={styles.empty}>{t`This chat is closed: the client's next message starts a new one.`}</p>
      )}
    </div>
  );
}

function ServiceCodes({ language }: { language: Language }) {
  const { t } = useLingui();
  const [all, setAll] = useState(false);
  const [codes, setCodes] = useState<ServiceCode[] | null>(null);
  const [code, setCode] = useState('');
  const [label, setLabel] = useState('');
  const [validDays, setValidDays] = useState('');
  const [busy, setBusy] = useState(false);
  const [issued, setIssued] = useState<ServiceCode | null>(null);

  const load = useCallback(
    (showAll: boolean) =>
      callApi(serviceCodeListCall, { query: { all: showAll } }).then(
        (answer) => {
          if (answer !== false) setCodes(answer);
        },
        (error: unknown) => console.warn('Failed to read the service codes', error),
      ),
    [],
  );

  useEffect(() => {
    void load(all);
  }, [all, load]);

  const issue = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || (code !== '' && !isServiceCode(code))) return;
    setBusy(true);
    try {
      const days = Number.parseInt(validDays, 10);
      const body = { code: code || undefined, label: label.trim() || undefined, validDays: Number.isFinite(days) && days > 0 ? days : undefined };
      const answer = await callApi(serviceCodeIssueCall, { body });
      if (answer !== false) {
        setIssued(answer);
        setCode('');
        setLabel('');
        setValidDays('');
        await load(all);
      }
    } catch {
      // The client toasted the server's reason (a code issued before, a bad field).
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (revoked: string) => {
    try {
      await callApi(serviceCodeRevokeCall, { body: { code: revoked } });
      await load(all);
    } catch {
      // The client toasted the server's reason.
    }
  };

  const length = SERVICE_CODE_LENGTH;
  return (
    <div className={styles.codes} data-testid="operator-codes">
      <form className={styles.issueForm} onSubmit={(event) => void issue(event)}>
        <h2 className={styles.sectionTitle}>{t`Issue a service code`}</h2>
        <label className={styles.field}>
          <span>{t`Code (${length} letters or digits; empty draws one)`}</span>
          <input
            value={code}
            onChange={(event) => setCode(serviceCodeInput(event.target.value))}
            maxLength={SERVICE_CODE_LENGTH}
            autoComplete="off"
            className={styles.input}
            data-testid="operator-code-input"
          />
        </label>
        <label className={styles.field}>
          <span>{t`Label`}</span>
          <input value={label} onChange={(event) => setLabel(event.target.value)} maxLength={60} className={styles.input} data-testid="operator-code-label" />
        </label>
        <label className={styles.field}>
          <span>{t`Valid for days (empty: until revoked)`}</span>
          <input
            value={validDays}
            onChange={(event) => setValidDays(event.target.value.replace(/\D/g, ''))}
            inputMode="numeric"
            maxLength={4}
            className={styles.input}
          />
        </label>
        <button type="submit" className={styles.primaryButton} disabled={busy || (code !== '' && !isServiceCode(code))} data-testid="operator-code-issue">
          {t`Issue code`}
        </button>
        {issued ? (
          <p className={styles.issued} role="status" data-testid="operator-code-issued">
            {t`Issued:`} <strong>{issued.code}</strong>
          </p>
        ) : null}
      </form>
      <div className={styles.codeListPane}>
        <label className={styles.checkbox}>
          <input type="checkbox" checked={all} onChange={(event) => setAll(event.target.checked)} />
          {t`Show revoked and expired codes`}
        </label>
        {codes === null ? (
          <p className={styles.empty} role="status" aria-busy="true">
            {t`Loading…`}
          </p>
        ) : codes.length === 0 ? (
          <p className={styles.empty}>{t`No service codes.`}</p>
        ) : (
          <table className={styles.codeTable}>
            <thead>
              <tr>
                <th scope="col">{t`Code`}</th>
                <th scope="col">{t`Label`}</th>
                <th scope="col">{t`Expires`}</th>
                <th scope="col">{t`State`}</th>
                <th scope="col">
                  <span className={styles.visuallyHidden}>{t`Actions`}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {codes.map((item) => (
                <tr key={item.code} data-testid="operator-code-row" data-code={item.code} data-active={item.active ? 'true' : 'false'}>
                  <td className={styles.codeCell}>{item.code}</td>
                  <td>{item.label}</td>
                  <td>{item.expiresAt === null ? t`Never` : formatDate(item.expiresAt, language)}</td>
                  <td>{item.active ? t`Active` : item.revokedAt !== null ? t`Revoked` : t`Expired`}</td>
                  <td>
                    {item.active ? (
                      <button type="button" className={styles.textButton} onClick={() => void revoke(item.code)} data-testid="operator-code-revoke">
                        {t`Revoke`}
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}
