/**
 * The console's site settings: the site's name, which areas are on, how the help desk works and
 * the identity level that counts as verified. The form starts from the server's settings, saves
 * only what the operator changed (a partial update, so a change made meanwhile elsewhere, by the
 * admin CLI or another operator, to another field is kept), then shows the settings as the server
 * answered them. "Undo changes" goes back to the settings as last loaded or saved.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { CallData } from '../../../shared/api/call';
import { SITE_NAME_MAX, settingsGetCall, settingsUpdateCall, type SettingsUpdate } from '../../../shared/api/operator';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { callApi } from '../../api/client';
import { showToast } from '../../state/hub-store';
import { Button } from '../../ui/Button';
import { Switch } from '../../ui/Controls';
import { FormField, inputClassName } from '../../ui/FormField';
import { Panel } from '../../ui/Panel';
import { Select } from '../../ui/Select';
import { StatusMessage } from '../../ui/StatusMessage';
import { useSubmitOnce } from '../../ui/useSubmitOnce';
import { operatorFormRefusal } from './formRefusal';
import styles from './operator.module.css';

type SiteSettings = CallData<typeof settingsGetCall>;

/** The form's view of the settings: flat, one value per control. */
interface SettingsDraft {
  name: string;
  staking: boolean;
  loan: boolean;
  checkin: boolean;
  luckydraw: boolean;
  c2c: boolean;
  notification: boolean;
  useExternal: boolean;
  extLink: string;
  authRequired: boolean;
  scRequired: boolean;
  requiredIDLevel: string;
}

type SwitchKey = { [Key in keyof SettingsDraft]: SettingsDraft[Key] extends boolean ? Key : never }[keyof SettingsDraft];

const AREA_SWITCHES = ['staking', 'loan', 'checkin', 'luckydraw', 'c2c', 'notification'] as const satisfies readonly SwitchKey[];

/** The call's limit (settingsUpdateSchema requiredIDLevel). */
const ID_LEVEL_MAX = 10;
const EXTERNAL_LINK_MAX = 500;
const EXTERNAL_LINK_PATTERN = /^(https?:\/\/[^\s]+)?$/;

function draftOf(settings: SiteSettings): SettingsDraft {
  return {
    name: settings.name,
    staking: settings.stakingEnabled,
    loan: settings.loanEnabled,
    checkin: settings.checkinEnabled,
    luckydraw: settings.luckydraw.enabled,
    c2c: settings.c2c.enabled,
    notification: settings.notificationEnabled,
    useExternal: settings.helpDesk.useExternal,
    extLink: settings.helpDesk.extLink,
    authRequired: settings.helpDesk.authRequired,
    scRequired: settings.helpDesk.scRequired,
    requiredIDLevel: String(settings.requiredIDLevel),
  };
}

/** Only what differs from the loaded settings: the update the server merges into its own. */
function settingsChanges(loaded: SiteSettings, draft: SettingsDraft): SettingsUpdate {
  const update: SettingsUpdate = {};
  const name = draft.name.trim();
  if (name !== loaded.name) update.name = name;
  if (draft.staking !== loaded.stakingEnabled) update.stakingEnabled = draft.staking;
  if (draft.loan !== loaded.loanEnabled) update.loanEnabled = draft.loan;
  if (draft.checkin !== loaded.checkinEnabled) update.checkinEnabled = draft.checkin;
  if (draft.luckydraw !== loaded.luckydraw.enabled) update.luckydraw = { enabled: draft.luckydraw };
  if (draft.c2c !== loaded.c2c.enabled) update.c2c = { enabled: draft.c2c };
  if (draft.notification !== loaded.notificationEnabled) update.notificationEnabled = draft.notification;
  const helpDesk: NonNullable<SettingsUpdate['helpDesk']> = {};
  if (draft.useExternal !== loaded.helpDesk.useExternal) helpDesk.useExternal = draft.useExternal;
  if (draft.extLink.trim() !== loaded.helpDesk.extLink) helpDesk.extLink = draft.extLink.trim();
  if (draft.authRequired !== loaded.helpDesk.authRequired) helpDesk.authRequired = draft.authRequired;
  if (draft.scRequired !== loaded.helpDesk.scRequired) helpDesk.scRequired = draft.scRequired;
  if (Object.keys(helpDesk).length > 0) update.helpDesk = helpDesk;
  if (Number(draft.requiredIDLevel) !== loaded.requiredIDLevel) update.requiredIDLevel = Number(draft.requiredIDLevel);
  return update;
}

type SettingsField = 'name' | 'extLink';

/** The form's own checks, as the call's schema makes them, and a link for an external desk that is on. */
function settingsProblems(draft: SettingsDraft): Partial<Record<SettingsField, 'nameRequired' | 'linkRequired' | 'link'>> {
  const problems: Partial<Record<SettingsField, 'nameRequired' | 'linkRequired' | 'link'>> = {};
  if (draft.name.trim() === '') problems.name = 'nameRequired';
  const link = draft.extLink.trim();
  if (!EXTERNAL_LINK_PATTERN.test(link)) problems.extLink = 'link';
  else if (draft.useExternal && link === '') problems.extLink = 'linkRequired';
  return problems;
}

/** The form field an invalid-fields answer names ('helpDesk.extLink' is the link). */
function settingsFieldOf(name: string): SettingsField | null {
  if (name === 'name') return 'name';
  if (name === 'helpDesk.extLink') return 'extLink';
  return null;
}

type Load = { phase: 'loading' } | { phase: 'failed' } | { phase: 'ready'; settings: SiteSettings };

async function readSettings(): Promise<Load> {
  try {
    const settings = await callApi(settingsGetCall);
    return settings === false ? { phase: 'failed' } : { phase: 'ready', settings };
  } catch (error) {
    console.warn('Failed to read the site settings', error);
    return { phase: 'failed' };
  }
}

export function SettingsSection() {
  const { t } = useLingui();
  const [load, setLoad] = useState<Load>({ phase: 'loading' });
  // A late answer to a section that has closed is dropped.
  const openRef = useRef(true);
  useEffect(() => {
    openRef.current = true;
    void readSettings().then((answer) => {
      if (openRef.current) setLoad(answer);
    });
    return () => {
      openRef.current = false;
    };
  }, []);
  const retry = () => {
    setLoad({ phase: 'loading' });
    void readSettings().then((answer) => {
      if (openRef.current) setLoad(answer);
    });
  };

  if (load.phase === 'loading') return <StatusMessage tone="loading" title={t`Loading…`} headingLevel={2} testId="settings-loading" />;
  if (load.phase === 'failed') {
    return <StatusMessage tone="error" title={t`The site settings could not be loaded.`} headingLevel={2} action={{ label: t`Try again`, onClick: retry }} testId="settings-failed" />;
  }
  return <SettingsForm loaded={load.settings} onSaved={(settings) => setLoad({ phase: 'ready', settings })} />;
}

function SettingsForm({ loaded, onSaved }: { loaded: SiteSettings; onSaved: (settings: SiteSettings) => void }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(loaded));
  const [errors, setErrors] = useState<Partial<Record<SettingsField, string>>>({});
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  // After a check or a refusal, the focus goes to the first field in trouble.
  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const changes = settingsChanges(loaded, draft);
  const dirty = Object.keys(changes).length > 0;
  const problemText = {
    nameRequired: t`Enter the site's name.`,
    linkRequired: t`Enter the external help desk's address, or turn the external desk off.`,
    link: t`Enter an address starting with http:// or https://, or leave it empty.`,
  };

  const change = <Key extends keyof SettingsDraft>(key: Key, value: SettingsDraft[Key]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => (key in current ? { ...current, [key]: undefined } : current));
    setSaved(false);
  };

  const { run: save, busy } = useSubmitOnce(async () => {
    const found = settingsProblems(draft);
    setErrors(Object.fromEntries(Object.entries(found).map(([field, problem]) => [field, problemText[problem]])));
    setFormProblem(null);
    if (Object.keys(found).length > 0) {
      setFocusRequest((count) => count + 1);
      return;
    }
    const unreachable = t`The platform could not be reached. Try again in a moment.`;
    try {
      const answer = await callApi(settingsUpdateCall, { body: changes }, { json: true });
      if (answer === false) {
        setFormProblem(unreachable);
        return;
      }
      onSaved(answer);
      setDraft(draftOf(answer));
      setSaved(true);
      showToast(t`The site settings are saved.`, ERROR_TOAST_MS, 'success');
    } catch (error) {
      const refusal = operatorFormRefusal(error, unreachable);
      const placed: Partial<Record<SettingsField, string>> = {};
      let unplaced = refusal.form;
      for (const [name, message] of Object.entries(refusal.fields)) {
        const field = settingsFieldOf(name);
        if (field) placed[field] ??= message;
        else unplaced ??= `${name}: ${message}`;
      }
      setErrors(placed);
      setFormProblem(unplaced);
      setFocusRequest((count) => count + 1);
    }
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (dirty) void save();
  };

  const undo = () => {
    setDraft(draftOf(loaded));
    setErrors({});
    setFormProblem(null);
  };

  return (
    <form ref={formRef} className={styles.section} onSubmit={submit} noValidate data-testid="settings-form" data-dirty={dirty ? 'true' : 'false'}>
      <div className={styles.columns}>
        <GeneralPanel draft={draft} errors={errors} onChange={change} />
        <AreasPanel draft={draft} onChange={change} />
        <HelpDeskPanel draft={draft} errors={errors} onChange={change} />
      </div>
      {formProblem ? (
        <p className={styles.problems} role="alert" data-testid="settings-problem">
          {formProblem}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" loading={busy} disabled={!dirty} data-testid="settings-save">
          {t`Save changes`}
        </Button>
        <Button variant="secondary" onClick={undo} disabled={!dirty || busy} data-testid="settings-undo">
          {t`Undo changes`}
        </Button>
        {dirty ? <span className={styles.muted}>{t`Unsaved changes.`}</span> : null}
      </div>
      {saved && !dirty ? (
        <StatusMessage tone="neutral" title={t`Saved`} detail={t`The form shows the settings as the server now has them.`} headingLevel={2} testId="settings-saved" />
      ) : null}
    </form>
  );
}

type PanelProps = {
  draft: SettingsDraft;
  errors: Partial<Record<SettingsField, string>>;
  onChange: <Key extends keyof SettingsDraft>(key: Key, value: SettingsDraft[Key]) => void;
};

function GeneralPanel({ draft, errors, onChange }: PanelProps) {
  const { t } = useLingui();
  const levels = Array.from({ length: ID_LEVEL_MAX + 1 }, (_, level) => ({ value: String(level), label: String(level) }));
  return (
    <Panel title={t`General`}>
      <div className={styles.form}>
        <FormField label={t`Site name`} error={errors.name} hint={t`Shown in the header, the page titles and the installed app.`}>
          {(control) => (
            <input {...control} className={inputClassName} value={draft.name} onChange={(event) => onChange('name', event.target.value)} maxLength={SITE_NAME_MAX} data-testid="settings-name" />
          )}
        </FormField>
        <FormField label={t`Identity level required`} hint={t`The identity level an account must reach to count as verified.`}>
          {(control) => <Select {...control} value={draft.requiredIDLevel} onValueChange={(value) => onChange('requiredIDLevel', value)} options={levels} testId="settings-id-level" />}
        </FormField>
      </div>
    </Panel>
  );
}

function AreasPanel({ draft, onChange }: Omit<PanelProps, 'errors'>) {
  const { t } = useLingui();
  const labels: Record<(typeof AREA_SWITCHES)[number], string> = {
    staking: t`Staking`,
    loan: t`Loans`,
    checkin: t`Daily check-in`,
    luckydraw: t`Lucky draw`,
    c2c: t`P2P trading (C2C)`,
    notification: t`Notifications`,
  };
  return (
    <Panel title={t`Areas`}>
      <div className={styles.switches}>
        <p className={styles.muted}>{t`An area that is off disappears from the menus, and its pages say they are not found.`}</p>
        {AREA_SWITCHES.map((key) => (
          <Switch key={key} checked={draft[key]} onCheckedChange={(checked) => onChange(key, checked)} label={labels[key]} testId={`settings-switch-${key}`} />
        ))}
      </div>
    </Panel>
  );
}

function HelpDeskPanel({ draft, errors, onChange }: PanelProps) {
  const { t } = useLingui();
  return (
    <Panel title={t`Help desk`}>
      <div className={styles.switches}>
        <Switch checked={draft.authRequired} onCheckedChange={(checked) => onChange('authRequired', checked)} label={t`Sign-in required to chat`} testId="settings-switch-authRequired" />
        <Switch checked={draft.scRequired} onCheckedChange={(checked) => onChange('scRequired', checked)} label={t`Service code required to chat`} testId="settings-switch-scRequired" />
        <Switch checked={draft.useExternal} onCheckedChange={(checked) => onChange('useExternal', checked)} label={t`Use an external help desk`} testId="settings-switch-useExternal" />
        <FormField label={t`External help desk address`} error={errors.extLink} hint={t`The page the help-desk button opens while the external desk is on.`}>
          {(control) => (
            <input
              {...control}
              type="url"
              className={inputClassName}
              value={draft.extLink}
              onChange={(event) => onChange('extLink', event.target.value)}
              maxLength={EXTERNAL_LINK_MAX}
              placeholder="https://"
              autoComplete="off"
              data-testid="settings-ext-link"
            />
          )}
        </FormField>
      </div>
    </Panel>
  );
}
