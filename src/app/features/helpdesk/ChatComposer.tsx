/**
 * The chat's composer (spec 5, R-HELP-09/10): a text box of 1 to 3 rows that keeps at most
 * CHAT_LINES_MAX lines (extra ones are cut), Enter sends and Shift+Enter adds a line; an emoticon
 * picker EMOJI_PICKER_HEIGHT_PX high whose emoticons go into the text as `#id;`; an image button;
 * and the send button. While a send is in flight nothing else is sent (spec 4).
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { CHAT_TEXT_LENGTH_MAX } from '../../../shared/api/helpdesk';
import { EMOJI_PICKER_HEIGHT_PX } from '../../../shared/constants';
import { Button } from '../../ui/Button';
import { EmojiPicker } from './EmojiPicker';
import { emoticonToken } from './emoticonTokens';
import { chatTextToSend, limitLines, mayAddLine, textareaRows } from './rules';
import styles from './ChatComposer.module.css';

export function ChatComposer({
  active,
  sending,
  onSendText,
  onSendImage,
}: {
  active: boolean;
  sending: boolean;
  /** Resolves true once the server has the message; false leaves it to the composer to give the text back. */
  onSendText: (text: string) => Promise<boolean>;
  /** Without it there is no image button (operators reply in text). */
  onSendImage?: (file: File) => void;
}) {
  const { t } = useLingui();
  const [draft, setDraft] = useState('');
  const [pickerOpen, setPickerOpen] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const pickerId = useId();

  useEffect(() => {
    if (active) textarea.current?.focus();
  }, [active]);

  // 1 to 3 rows for the lines the text takes on screen, wrapped lines included.
  useLayoutEffect(() => {
    const element = textarea.current;
    if (!element) return;
    element.rows = 1;
    const style = getComputedStyle(element);
    const lineHeight = Number.parseFloat(style.lineHeight) || 20;
    const padding = Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom);
    element.rows = textareaRows((element.scrollHeight - padding) / lineHeight);
  }, [draft]);

  const text = chatTextToSend(draft);

  const send = async () => {
    if (sending || text === null) return;
    setDraft('');
    setPickerOpen(false);
    const delivered = await onSendText(text);
    // Not delivered: the text comes back, unless something new was typed meanwhile.
    if (!delivered) setDraft((current) => (current === '' ? text : current));
    textarea.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (event.shiftKey) {
      // A new line only while there is room for one (spec 5: at most two lines).
      if (!mayAddLine(draft)) event.preventDefault();
      return;
    }
    event.preventDefault();
    void send();
  };

  const insertEmoticon = (id: number) => {
    const element = textarea.current;
    const token = emoticonToken(id);
    const start = element?.selectionStart ?? draft.length;
    const end = element?.selectionEnd ?? draft.length;
    const next = limitLines(draft.slice(0, start) + token + draft.slice(end));
    if (next.length > CHAT_TEXT_LENGTH_MAX) return;
    setDraft(next);
    requestAnimationFrame(() => {
      if (!element) return;
      element.focus();
      element.setSelectionRange(start + token.length, start + token.length);
    });
  };

  return (
    <div className={styles.composer}>
      {pickerOpen ? (
        <EmojiPicker
          id={pickerId}
          heightPx={EMOJI_PICKER_HEIGHT_PX}
          onPick={insertEmoticon}
          onClose={() => {
            setPickerOpen(false);
            textarea.current?.focus();
          }}
        />
      ) : null}
      <div className={styles.row}>
        <Button
          variant="icon"
          aria-label={t`Emoticons`}
          title={t`Emoticons`}
          aria-expanded={pickerOpen}
          aria-controls={pickerId}
          onClick={() => setPickerOpen((open) => !open)}
          data-testid="helpdesk-emoji-toggle"
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
            <circle cx="12" cy="12" r="9" />
            <path d="M8.5 14.5q3.5 3.5 7 0" />
            <circle cx="9" cy="10" r="0.9" fill="currentColor" />
            <circle cx="15" cy="10" r="0.9" fill="currentColor" />
          </svg>
        </Button>
        {onSendImage ? (
          <>
            <Button
              variant="icon"
              aria-label={t`Send an image`}
              title={t`Send an image`}
              disabled={sending}
              onClick={() => fileInput.current?.click()}
              data-testid="helpdesk-image-button"
            >
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
                <rect x="3.5" y="5" width="17" height="14" rx="2.5" />
                <circle cx="9" cy="10" r="1.6" />
                <path d="M5 17.5l4.5-4.5 3 3 2.5-2.5 4 4" />
              </svg>
            </Button>
            <input
              ref={fileInput}
              className={styles.fileInput}
              type="file"
              accept="image/*"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(event) => {
                const file = event.target.files?.[0];
                // The same file picked again must fire change again.
                event.target.value = '';
                if (file && !sending) onSendImage(file);
              }}
              data-testid="helpdesk-image-input"
            />
          </>
        ) : null}
        <textarea
          ref={textarea}
          className={styles.textarea}
          rows={1}
          value={draft}
          maxLength={CHAT_TEXT_LENGTH_MAX}
          placeholder={t`Type a message`}
          aria-label={t`Message`}
          onChange={(event) => setDraft(limitLines(event.target.value))}
          onKeyDown={onKeyDown}
          data-testid="helpdesk-input"
        />
        <Button disabled={sending || text === null} onClick={() => void send()} data-testid="helpdesk-send">
          {sending ? t`Sending…` : t`Send`}
        </Button>
      </div>
    </div>
  );
}
