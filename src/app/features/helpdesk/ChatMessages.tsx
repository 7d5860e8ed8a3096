/**
 * A chat's lines (R-HELP-11): the welcome message, then each message as text with its emoticons,
 * or as the image the server stored, with its author and time; the line being sent shows as
 * pending (type 10) until the server has it. A message is never read as HTML: text goes into
 * text nodes, and only images at this server's chat-image address are shown as images. The list
 * follows new messages while it is scrolled to the end; scrolled up, a button says there are new
 * ones. The operator page shows messages with the same MessageBody.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { HELPDESK_MESSAGE_TYPE, type HelpdeskMessage } from '../../../shared/api/helpdesk';
import type { HelpdeskChannelState } from '../../../workers/protocol';
import { Button } from '../../ui/Button';
import { clockTime, isChatImagePath } from './chatLines';
import { Emoticon } from './Emoticon';
import { isOnlyEmoticons, tokenizeChatText } from './emoticonTokens';
import { useHelpdeskView } from './session';
import styles from './ChatMessages.module.css';
import { useFollowEnd } from './useFollowEnd';

/** A send in flight, shown as a message of type 10 (spec 3: pending) until the server answers. */
export interface PendingLine {
  kind: 'text' | 'image';
  text: string;
  timeCreated: number;
}

export function ChatMessages({
  welcome,
  messages,
  pending,
  live,
  onBottomChange,
}: {
  welcome: string;
  messages: readonly HelpdeskMessage[];
  pending: PendingLine | null;
  live: HelpdeskChannelState;
  onBottomChange: (atBottom: boolean) => void;
}) {
  const { t } = useLingui();
  const { unread } = useHelpdeskView();
  const { scroller, content: list, atEnd, onScroll, scrollToEnd } = useFollowEnd<HTMLDivElement, HTMLOListElement>();
  useEffect(() => onBottomChange(atEnd), [atEnd, onBottomChange]);

  return (
    <div className={styles.wrapper}>
      {live === 'refused' ? (
        <p className={styles.liveNote} role="status">
          {t`Live updates are off for this chat: reopen it to see new replies.`}
        </p>
      ) : null}
      <div ref={scroller} className={styles.scroller} onScroll={onScroll} data-testid="helpdesk-messages" data-live={live}>
        <ol ref={list} className={styles.list} role="log" aria-live="polite" aria-relevant="additions" aria-label={t`Messages`}>
          <li className={styles.desk} data-testid="helpdesk-welcome">
            <div className={styles.bubble}>
              <MessageText text={welcome} />
            </div>
          </li>
          {messages.map((message) => (
            <MessageLine key={message.id} message={message} />
          ))}
          {pending ? (
            <li className={styles.mine} data-testid="helpdesk-message" data-type={HELPDESK_MESSAGE_TYPE.pending} aria-busy="true">
              <div className={`${styles.bubble} ${styles.pending}`}>
                {pending.kind === 'image' ? <span className={styles.note}>{t`Sending image…`}</span> : <MessageText text={pending.text} />}
              </div>
              <span className={styles.meta}>{t`Sending…`}</span>
            </li>
          ) : null}
        </ol>
      </div>
      {!atEnd && unread > 0 ? (
        <Button variant="secondary" size="small" className={styles.newMessages} onClick={scrollToEnd} data-testid="helpdesk-new-messages">
          {t`New messages`}
        </Button>
      ) : null}
    </div>
  );
}

function MessageLine({ message }: { message: HelpdeskMessage }) {
  const mine = message.fromClient;
  return (
    <li
      className={mine ? styles.mine : styles.desk}
      data-testid="helpdesk-message"
      data-from={mine ? 'client' : 'desk'}
      data-type={message.type}
      data-id={message.id}
    >
      {!mine && message.author ? <span className={styles.author}>{message.author}</span> : null}
      <div className={styles.bubble}>
        <MessageBody message={message} />
      </div>
      <time className={styles.meta} dateTime={new Date(message.timeCreated).toISOString()}>
        {clockTime(message.timeCreated)}
      </time>
    </li>
  );
}

/** A message's content: its text with emoticons, or its image. */
export function MessageBody({ message }: { message: Pick<HelpdeskMessage, 'type' | 'body' | 'visible'> }) {
  const { t } = useLingui();
  if (message.type === HELPDESK_MESSAGE_TYPE.image) {
    if (!isChatImagePath(message.body)) return <span className={styles.note}>{t`Image unavailable`}</span>;
    return (
      <a className={styles.imageLink} href={message.body} target="_blank" rel="noopener noreferrer" aria-label={t`Open the image`}>
        <img className={styles.image} src={message.body} alt={t`Image`} loading="lazy" data-testid="helpdesk-image" />
      </a>
    );
  }
  return <MessageText text={message.body} />;
}

/** Text with its `#id;` tokens shown as emoticons; a message of emoticons only shows them larger. */
export function MessageText({ text }: { text: string }) {
  const segments = tokenizeChatText(text);
  const sizePx = isOnlyEmoticons(segments) ? 34 : 22;
  return (
    <span className={styles.text} data-testid="helpdesk-text">
      {segments.map((segment, index) =>
        segment.kind === 'text' ? <span key={index}>{segment.text}</span> : <Emoticon key={index} id={segment.id} sizePx={sizePx} />,
      )}
    </span>
  );
}
