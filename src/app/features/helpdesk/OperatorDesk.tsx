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
import { OPERATOR_ERRCODES } from '../../../shared/errcodes';
import { formatDate } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { callApi } from '../../api/client';
import { useHelpdeskTopic, useSessionStatus } from '../../state/hub';
import { Badge } from '../../ui/Badge';
import { Button, ButtonLink } from '../../ui/Button';
import { Checkbox } from '../../ui/Controls';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { FormField, inputClassName } from '../../ui/FormField';
import { ArrowIcon } from '../../ui/icons';
import { PageLink } from '../../ui/PageLink';
import { Panel } from '../../ui/Panel';
import { StatusMessage } from '../../ui/StatusMessage';
import { TabPanel, Tabs } from '../../ui/Tabs';
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
const OPERATOR_ONLY = [OPERATOR_ERRCODES.operatorOnly];

async function readChats(filter: ChatFilter): Promise<ChatSummary[] | 'refused' | null> {
  try {
    const chats = await callApi(operatorChatListCall, { query: { status: filter } }, { silentErrcodes: OPERATOR_ONLY });
    return chats === false ? null : chats;
  } catch (error) {
    if (error instanceof ApiError && error.code === OPERATOR_ERRCODES.operatorOnly) return 'refused';
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
  const session = useSessionStatus();
  if (session === 'unknown') return <StatusMessage tone="loading" title={t`Loading…`} headingLevel={2} testId="operator-loading" />;
  if (session === 'signedOut') {
    return (
      <StatusMessage tone="neutral" title={t`Log in with an operator account to answer the help desk.`} headingLevel={2} testId="operator-signin">
        <ButtonLink to={loginPath(window.location.pathname)}>{t`Log in`}</ButtonLink>
      </StatusMessage>
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
  const channel = useHelpdeskTopic(access === 'granted' ? { kind: 'helpdesk' } : null, (message) => {
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

  if (access === 'checking') return <StatusMessage tone="loading" title={t`Loading…`} headingLevel={2} testId="operator-loading" />;
  if (access === 'refused') {
    return (
      <StatusMessage tone="error" title={t`This page is for help-desk operators. Your account does not have access to it.`} headingLevel={2} testId="operator-refused">
        <PageLink to="/">{t`Go to the home page`}</PageLink>
      </StatusMessage>
    );
  }
  if (access === 'failed') {
    return (
      <StatusMessage
        tone="error"
        title={t`The help desk could not be loaded.`}
        headingLevel={2}
        action={{ label: t`Try again`, onClick: () => void loadChats(filter) }}
        testId="operator-failed"
      />
    );
  }

  return (
    <section className={styles.desk} data-testid="operator-desk" data-live={channel}>
      <Tabs
        label={t`Help desk`}
        value={tab}
        onValueChange={(next) => setTab(next === 'codes' ? 'codes' : 'chats')}
        items={[
          { value: 'chats', label: t`Chats`, testId: 'operator-tab-chats' },
          { value: 'codes', label: t`Service codes`, testId: 'operator-tab-codes' },
        ]}
        trailing={
          <span className={styles.live} data-state={channel} role="status">
            <span className={styles.liveDot} aria-hidden="true" />
            {channel === 'live' ? t`Live` : channel === 'refused' ? t`Live updates refused` : t`Connecting…`}
          </span>
        }
      >
        <TabPanel value="chats" className={styles.tabPanel}>
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
              <div className={styles.placeholder}>
                <StatusMessage tone="neutral" title={t`Choose a chat to read it and reply.`} headingLevel={2} />
              </div>
            )}
          </div>
        </TabPanel>
        <TabPanel value="codes" className={styles.tabPanel}>
          <ServiceCodes language={language} />
        </TabPanel>
      </Tabs>
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
      <Tabs
        className={styles.filterTabs}
        label={t`Chat filter`}
        variant="pills"
        value={filter}
        onValueChange={(next) => {
          const chosen = filters.find((item) => item.value === next);
          if (chosen && chosen.value !== filter) onFilter(chosen.value);
        }}
        items={filters.map((item) => ({ value: item.value, label: item.label, testId: `operator-filter-${item.value}` }))}
      >
        <TabPanel value={filter} className={styles.filterPanel}>
          <ChatRows chats={chats} selectedId={selectedId} language={language} onOpen={onOpen} />
        </TabPanel>
      </Tabs>
    </div>
  );
}

function ChatRows({ chats, selectedId, language, onOpen }: { chats: ChatSummary[]; selectedId: string | null; language: Language; onOpen: (chatId: string) => void }) {
  const { t } = useLingui();
  return (
    <>
      {chats.length === 0 ? (
        <StatusMessage tone="neutral" title={t`No chats here.`} headingLevel={3} testId="operator-no-chats" />
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
                  {chat.serviceCode ? <Badge>{chat.serviceCode}</Badge> : null}
                  <Badge>{chat.language}</Badge>
                  {chat.status === 'closed' ? <Badge>{t`Closed`}</Badge> : null}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
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
        <StatusMessage tone="loading" title={t`Loading…`} headingLevel={2} />
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
        <Button variant="icon" className={styles.backButton} onClick={onBack} aria-label={t`Back to the chats`}>
          <ArrowIcon direction="left" />
        </Button>
        <div className={styles.detailHeading}>
          <h2 className={styles.detailTitle}>{chat.contact || t`Visitor`}</h2>
          <p className={styles.detailMeta}>
            {t`Started ${formatDate(chat.timeCreated, language, { withTime: true })}`}
            {chat.serviceCode ? ` · ${chat.serviceCode}${chat.serviceCodeLabel ? ` (${chat.serviceCodeLabel})` : ''}` : ''}
            {` · ${chat.language}`}
          </p>
        </div>
        <Button variant="secondary" size="small" onClick={() => void close()} disabled={chat.status === 'closed'} data-testid="operator-close-chat">
          {chat.status === 'closed' ? t`Closed` : t`Close chat`}
        </Button>
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
                {message.visible ? null : (
                  <Badge tone="danger" className={styles.hiddenTag}>
                    {t`Hidden from the client`}
                  </Badge>
                )}
              </span>
              <div className={styles.bubble}>
                <MessageBody message={message} />
              </div>
              {message.visible && message.fromClient ? (
                <Button variant="ghost" size="small" onClick={() => void hide(message.id)} data-testid="operator-hide">
                  {t`Hide from the client`}
                </Button>
              ) : null}
            </li>
          ))}
        </ol>
      </div>
      {chat.status === 'open' ? (
        <ChatComposer active sending={sending} onSendText={reply} />
      ) : (
        <p className={styles.closedNote}>{t`This chat is closed: the client's next message starts a new one.`}</p>
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
  const columns: DataColumn<ServiceCode>[] = [
    { key: 'code', label: t`Code`, cell: (item) => <span className={styles.code}>{item.code}</span> },
    { key: 'label', label: t`Label`, cell: (item) => item.label },
    { key: 'expires', label: t`Expires`, cell: (item) => (item.expiresAt === null ? t`Never` : formatDate(item.expiresAt, language)) },
    { key: 'state', label: t`State`, cell: (item) => (item.active ? t`Active` : item.revokedAt !== null ? t`Revoked` : t`Expired`) },
    {
      key: 'actions',
      label: t`Actions`,
      header: <span className="visually-hidden">{t`Actions`}</span>,
      align: 'end',
      cell: (item) =>
        item.active ? (
          <Button variant="ghost" size="small" onClick={() => void revoke(item.code)} data-testid="operator-code-revoke">
            {t`Revoke`}
          </Button>
        ) : null,
    },
  ];
  return (
    <div className={styles.codes} data-testid="operator-codes">
      <Panel title={t`Issue a service code`}>
        <form className={styles.issueForm} onSubmit={(event) => void issue(event)}>
          <FormField label={t`Code (${length} letters or digits; empty draws one)`}>
            {(control) => (
              <input
                {...control}
                value={code}
                onChange={(event) => setCode(serviceCodeInput(event.target.value))}
                maxLength={SERVICE_CODE_LENGTH}
                autoComplete="off"
                className={inputClassName}
                data-testid="operator-code-input"
              />
            )}
          </FormField>
          <FormField label={t`Label`}>
            {(control) => <input {...control} value={label} onChange={(event) => setLabel(event.target.value)} maxLength={60} className={inputClassName} data-testid="operator-code-label" />}
          </FormField>
          <FormField label={t`Valid for days (empty: until revoked)`}>
            {(control) => (
              <input
                {...control}
                value={validDays}
                onChange={(event) => setValidDays(event.target.value.replace(/\D/g, ''))}
                inputMode="numeric"
                maxLength={4}
                className={inputClassName}
              />
            )}
          </FormField>
          <Button type="submit" disabled={busy || (code !== '' && !isServiceCode(code))} data-testid="operator-code-issue">
            {t`Issue code`}
          </Button>
          {issued ? (
            <p className={styles.issued} role="status" data-testid="operator-code-issued">
              {t`Issued:`} <strong>{issued.code}</strong>
            </p>
          ) : null}
        </form>
      </Panel>
      <Panel>
        <Checkbox checked={all} onCheckedChange={setAll} label={t`Show revoked and expired codes`} />
        <DataTable
          caption={t`Service codes`}
          columns={columns}
          rows={codes ?? []}
          rowKey={(item) => item.code}
          state={codes === null ? 'loading' : 'ready'}
          empty={t`No service codes.`}
          rowProps={(item) => ({ 'data-testid': 'operator-code-row', 'data-code': item.code, 'data-active': item.active ? 'true' : 'false' })}
        />
      </Panel>
    </div>
  );
}
