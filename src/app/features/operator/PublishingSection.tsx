/**
 * The console's publishing: an operator writes a post in English and publishes it into one of
 * the site's categories (an announcement, a college article, a popup notice, a page or a footer
 * link). Readers in other languages see the English text until a translation is added, because
 * the server falls back to English. A popup notice also says how often it pops up and for how
 * many days; a footer link says where it goes in its list. The server decides what a category
 * accepts (server/modules/content/service.ts publishPost); the form only offers what it accepts.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SLUG_PATTERN } from '../../../shared/api/content';
import { POPUP_DAYS_MAX, POST_BODY_MAX, POST_SUMMARY_MAX, POST_TITLE_MAX, publishPostCall } from '../../../shared/api/operator';
import type { CallBody } from '../../../shared/api/call';
import { postPath } from '../../../shared/content-sections';
import { callApi } from '../../api/client';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Controls';
import { FormField, inputClassName } from '../../ui/FormField';
import { PageLink } from '../../ui/PageLink';
import { Panel } from '../../ui/Panel';
import { Select } from '../../ui/Select';
import { StatusMessage } from '../../ui/StatusMessage';
import { useSubmitOnce } from '../../ui/useSubmitOnce';
import { operatorFormRefusal } from './formRefusal';
import styles from './operator.module.css';

type PublishKind = 'announcement' | 'college' | 'notice' | 'page' | 'footer';

/**
 * The categories the server seeds (server/seed/content/structure.ts) and their kinds. The
 * college's root (20) is left out: its reader lists articles by sub-category.
 */
const PUBLISH_CATEGORIES: readonly { id: number; kind: PublishKind }[] = [
  { id: 10, kind: 'announcement' },
  { id: 11, kind: 'announcement' },
  { id: 12, kind: 'announcement' },
  { id: 13, kind: 'announcement' },
  { id: 21, kind: 'college' },
  { id: 22, kind: 'college' },
  { id: 23, kind: 'college' },
  { id: 30, kind: 'notice' },
  { id: 40, kind: 'page' },
  { id: 1000, kind: 'footer' },
  { id: 1001, kind: 'footer' },
];

const DEFAULT_CATEGORY_ID = '11';
/** Seeded footer links sit at positions 1 to 8: a new one goes after them unless placed. */
const FOOTER_POSITION_DEFAULT = '100';
const FOOTER_POSITION_MAX = 1_000_000;

interface PublishDraft {
  categoryId: string;
  title: string;
  summary: string;
  body: string;
  slug: string;
  pinned: boolean;
  popupMode: string;
  popupDays: string;
  position: string;
}

function emptyDraft(categoryId: string): PublishDraft {
  return { categoryId, title: '', summary: '', body: '', slug: '', pinned: false, popupMode: '1', popupDays: '7', position: FOOTER_POSITION_DEFAULT };
}

type PublishField = 'title' | 'body' | 'slug' | 'popupDays' | 'position' | 'summary' | 'popupMode';
type PublishProblem = 'required' | 'slug' | 'days' | 'position';

function kindOf(categoryId: string): PublishKind {
  return PUBLISH_CATEGORIES.find((category) => String(category.id) === categoryId)?.kind ?? 'announcement';
}

function wholeNumberIn(text: string, min: number, max: number): boolean {
  if (!/^-?\d{1,16}$/.test(text.trim())) return false;
  const value = Number(text);
  return value >= min && value <= max;
}

/**
 * The form's own checks, as the call's schema makes them (lengths are the inputs' maxLength).
 * Answers the problem of each field in trouble.
 */
function publishProblems(draft: PublishDraft): Partial<Record<PublishField, PublishProblem>> {
  const kind = kindOf(draft.categoryId);
  const problems: Partial<Record<PublishField, PublishProblem>> = {};
  if (draft.title.trim() === '') problems.title = 'required';
  if (draft.body.trim() === '') problems.body = 'required';
  if (draft.slug.trim() !== '' && !SLUG_PATTERN.test(draft.slug.trim())) problems.slug = 'slug';
  if (kind === 'notice' && !wholeNumberIn(draft.popupDays, 1, POPUP_DAYS_MAX)) problems.popupDays = 'days';
  if (kind === 'footer' && !wholeNumberIn(draft.position, -FOOTER_POSITION_MAX, FOOTER_POSITION_MAX)) problems.position = 'position';
  return problems;
}

/** The call's body: popup fields for notices only (the server refuses them elsewhere), a position for footer links only. */
function publishBody(draft: PublishDraft): CallBody<typeof publishPostCall> {
  const kind = kindOf(draft.categoryId);
  const slug = draft.slug.trim();
  return {
    categoryId: Number(draft.categoryId),
    translations: { en: { title: draft.title.trim(), summary: draft.summary.trim(), body: draft.body } },
    ...(slug === '' ? {} : { slug }),
    ...(kind !== 'footer' && draft.pinned ? { pinned: true } : {}),
    ...(kind === 'footer' ? { sortOrder: Number(draft.position) } : {}),
    ...(kind === 'notice' ? { popupMode: Number(draft.popupMode), popupDays: Number(draft.popupDays) } : {}),
  };
}

/** The form field an invalid-fields answer names ('translations.en.title' is the title). */
function publishFieldOf(name: string): PublishField | null {
  const field = name.replace(/^translations\.en\./, '');
  switch (field) {
    case 'title':
    case 'summary':
    case 'body':
    case 'slug':
    case 'popupMode':
    case 'popupDays':
      return field;
    case 'popupTo':
      return 'popupDays';
    case 'sortOrder':
      return 'position';
    default:
      return null;
  }
}

export function PublishingSection() {
  const { t } = useLingui();
  const [draft, setDraft] = useState<PublishDraft>(() => emptyDraft(DEFAULT_CATEGORY_ID));
  const [errors, setErrors] = useState<Partial<Record<PublishField, string>>>({});
  const [formProblems, setFormProblems] = useState<string[]>([]);
  const [published, setPublished] = useState<{ id: number; title: string } | null>(null);
  const kind = kindOf(draft.categoryId);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  // After a check or a refusal, the focus goes to the first field in trouble (the error is read with it).
  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const daysMax = POPUP_DAYS_MAX;
  const problemText: Record<PublishProblem, string> = {
    required: t`This field is required.`,
    slug: t`Use lower-case letters, digits and dashes (at most 64), starting with a letter or a digit.`,
    days: t`Enter a whole number of days from 1 to ${daysMax}.`,
    position: t`Enter a whole number.`,
  };

  const change = <Key extends keyof PublishDraft>(key: Key, value: PublishDraft[Key]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => (key in current ? { ...current, [key]: undefined } : current));
  };

  const { run, busy } = useSubmitOnce(async () => {
    const found = publishProblems(draft);
    setErrors(Object.fromEntries(Object.entries(found).map(([field, problem]) => [field, problemText[problem]])));
    setFormProblems([]);
    if (Object.keys(found).length > 0) {
      setFocusRequest((count) => count + 1);
      return;
    }
    setPublished(null);
    const unreachable = t`The platform could not be reached. Try again in a moment.`;
    try {
      const answer = await callApi(publishPostCall, { body: publishBody(draft) }, { json: true });
      if (answer === false) {
        setFormProblems([unreachable]);
        return;
      }
      setPublished({ id: answer.id, title: draft.title.trim() });
      setDraft(emptyDraft(draft.categoryId));
    } catch (error) {
      const refusal = operatorFormRefusal(error, unreachable);
      const placed: Partial<Record<PublishField, string>> = {};
      const unplaced: string[] = refusal.form ? [refusal.form] : [];
      for (const [name, message] of Object.entries(refusal.fields)) {
        const field = publishFieldOf(name);
        if (field) placed[field] ??= message;
        else unplaced.push(`${name}: ${message}`);
      }
      setErrors(placed);
      setFormProblems(unplaced);
      setFocusRequest((count) => count + 1);
    }
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run();
  };

  return (
    <div className={styles.section} data-testid="operator-publishing">
      <Panel title={t`Publish a post`}>
        <form ref={formRef} className={styles.form} onSubmit={submit} noValidate data-testid="publish-form" data-kind={kind}>
          <PublishCategoryField value={draft.categoryId} onChange={(value) => change('categoryId', value)} />
          <PublishTextFields draft={draft} errors={errors} onChange={change} />
          {kind === 'notice' ? <PopupFields draft={draft} errors={errors} onChange={change} /> : null}
          {kind === 'footer' ? (
            <FormField label={t`Position in the footer`} error={errors.position} hint={t`Footer links are listed by position, lowest first. The first link under Company opens About us.`}>
              {(control) => (
                <input {...control} className={inputClassName} value={draft.position} onChange={(event) => change('position', event.target.value)} inputMode="numeric" maxLength={8} data-testid="publish-position" />
              )}
            </FormField>
          ) : null}
          <FormField label={t`Short name (optional)`} error={errors.slug} hint={t`Names the post for links and the API: lower-case letters, digits and dashes. No two posts share one.`}>
            {(control) => (
              <input {...control} className={inputClassName} value={draft.slug} onChange={(event) => change('slug', event.target.value.toLowerCase())} maxLength={64} autoComplete="off" data-testid="publish-slug" />
            )}
          </FormField>
          {kind !== 'footer' ? <Checkbox checked={draft.pinned} onCheckedChange={(checked) => change('pinned', checked)} label={t`Pin to the top of its list`} testId="publish-pinned" /> : null}
          {formProblems.length > 0 ? (
            <ul className={styles.problems} role="alert" data-testid="publish-problems">
              {formProblems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          ) : null}
          <div className={styles.actions}>
            <Button type="submit" loading={busy} data-testid="publish-submit">
              {t`Publish`}
            </Button>
          </div>
          {published ? <PublishedMessage id={published.id} title={published.title} /> : null}
        </form>
      </Panel>
    </div>
  );
}

function PublishedMessage({ id, title }: { id: number; title: string }) {
  const { t } = useLingui();
  return (
    <StatusMessage tone="neutral" title={t`Published`} headingLevel={3} testId="publish-done">
      <PageLink to={postPath(id)} data-testid="publish-link">
        {t`Open “${title}”`}
      </PageLink>
    </StatusMessage>
  );
}

function PublishTextFields({
  draft,
  errors,
  onChange,
}: {
  draft: PublishDraft;
  errors: Partial<Record<PublishField, string>>;
  onChange: (key: 'title' | 'summary' | 'body', value: string) => void;
}) {
  const { t } = useLingui();
  return (
    <>
      <FormField label={t`Title`} error={errors.title} hint={t`Readers in other languages see this English text as long as the post has no translation in theirs.`}>
        {(control) => (
          <input {...control} className={inputClassName} value={draft.title} onChange={(event) => onChange('title', event.target.value)} maxLength={POST_TITLE_MAX} data-testid="publish-title" />
        )}
      </FormField>
      <FormField label={t`Summary (optional)`} error={errors.summary} hint={t`A line or two shown in lists and in the popup.`}>
        {(control) => (
          <textarea
            {...control}
            className={`${inputClassName} ${styles.multiline} ${styles.short}`}
            value={draft.summary}
            onChange={(event) => onChange('summary', event.target.value)}
            maxLength={POST_SUMMARY_MAX}
            rows={2}
            data-testid="publish-summary"
          />
        )}
      </FormField>
      <FormField
        label={t`Text`}
        error={errors.body}
        hint={t`Plain text: a blank line starts a new paragraph, a line starting with "## " is a heading and lines starting with "- " make a list.`}
      >
        {(control) => (
          <textarea
            {...control}
            className={`${inputClassName} ${styles.multiline}`}
            value={draft.body}
            onChange={(event) => onChange('body', event.target.value)}
            maxLength={POST_BODY_MAX}
            rows={10}
            data-testid="publish-body"
          />
        )}
      </FormField>
    </>
  );
}

function PublishCategoryField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  const names: Record<number, string> = {
    10: t`Announcements (no sub-category)`,
    11: t`Announcements: new listings`,
    12: t`Announcements: platform updates`,
    13: t`Announcements: activities`,
    21: t`College: beginner's guide`,
    22: t`College: trading basics`,
    23: t`College: security`,
    30: t`Popup notices`,
    40: t`Pages (opened by their link)`,
    1000: t`Footer: company`,
    1001: t`Footer: services and support`,
  };
  const options = PUBLISH_CATEGORIES.map((category) => ({ value: String(category.id), label: names[category.id] ?? String(category.id) }));
  return (
    <FormField label={t`Category`}>
      {(control) => <Select {...control} value={value} onValueChange={onChange} options={options} testId="publish-category" />}
    </FormField>
  );
}

function PopupFields({
  draft,
  errors,
  onChange,
}: {
  draft: PublishDraft;
  errors: Partial<Record<PublishField, string>>;
  onChange: (key: 'popupMode' | 'popupDays', value: string) => void;
}) {
  const { t } = useLingui();
  const daysMax = POPUP_DAYS_MAX;
  const modes = [
    { value: '1', label: t`Once` },
    { value: '2', label: t`Once a day` },
    { value: '3', label: t`On every visit` },
  ];
  return (
    <div className={`${styles.row} ${styles.rowTop}`}>
      <FormField label={t`Pops up`} error={errors.popupMode} className={styles.grow}>
        {(control) => <Select {...control} value={draft.popupMode} onValueChange={(value) => onChange('popupMode', value)} options={modes} testId="publish-popup-mode" />}
      </FormField>
      <FormField label={t`For how many days`} error={errors.popupDays} hint={t`Counted from now, 1 to ${daysMax}.`} className={styles.grow}>
        {(control) => (
          <input
            {...control}
            className={inputClassName}
            value={draft.popupDays}
            onChange={(event) => onChange('popupDays', event.target.value.replace(/[^\d]/g, ''))}
            inputMode="numeric"
            maxLength={4}
            data-testid="publish-popup-days"
          />
        )}
      </FormField>
    </div>
  );
}
