/**
 * /Profile/Individual/UpLoad (spec 2, the user menu's ID verification): where the user stands
 * (spec 3: none, submitted, under review, rejected with the operator's reason, approved) and,
 * while nothing waits and the user is not verified, the form: the name as on the document, its
 * type and number, and three pictures (front, back, a selfie holding it), each scaled in the
 * browser to at most 1600 px and JPEG 0.25 before it is sent (spec 5). After a submission or a
 * decision the user menu's identity line reads the status again (R-STATE-07).
 */
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { Profile } from '../../../shared/api/account';
import {
  DOCUMENT_TYPES,
  IDENTITY_IMAGE_SIDES,
  normalizedDocumentNumber,
  PERSON_NAME_MAX,
  PERSON_NAME_PATTERN,
  type DocumentType,
  type IdentityDetail,
  type IdentityImageSide,
  type IdentitySubmission,
} from '../../../shared/api/identity';
import { IDENTITY_STATUS } from '../../../shared/constants';
import { formatDate } from '../../../shared/format';
import { isVerified } from '../../../shared/layout';
import { useLanguage } from '../../i18n/useLanguage';
import { loadIdentityStatus, loadProfile } from '../../state/session';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { FormField, inputClassName } from '../../ui/FormField';
import { Panel } from '../../ui/Panel';
import { Select } from '../../ui/Select';
import { StatusMessage } from '../../ui/StatusMessage';
import { ImagePicker } from './ImagePicker';
import { readIdentityDetail, submitIdentity } from './identityCalls';
import { useDocumentTypeNames } from './identityText';
import { SignedInOnly } from '../../layout/SignedInOnly';
import styles from './identity.module.css';

export function IdentityUpload() {
  const { t } = useLingui();
  return <SignedInOnly prompt={t`Log in to verify your identity.`}>{(profile) => <IdentityScreen profile={profile} />}</SignedInOnly>;
}

type Loaded = { phase: 'loading' } | { phase: 'failed' } | { phase: 'ready'; detail: IdentityDetail };

function IdentityScreen({ profile }: { profile: Profile }) {
  const { t } = useLingui();
  const [loaded, setLoaded] = useState<Loaded>({ phase: 'loading' });
  const [resubmitting, setResubmitting] = useState(false);
  // The profile read again below, until the hub's copy (which the prop follows) has caught up.
  const [profileRead, setProfileRead] = useState<{ fresh: Profile | null } | null>(null);
  const fetchDetail = useCallback(() => {
    void readIdentityDetail().then((detail) => setLoaded(detail ? { phase: 'ready', detail } : { phase: 'failed' }));
  }, []);
  useEffect(fetchDetail, [fetchDetail]);
  const load = () => {
    setLoaded({ phase: 'loading' });
    fetchDetail();
  };
  // Approved, yet below the required level: the profile was read before the approval (read it
  // again), or the site now requires a higher level than was granted (then the form is back).
  const approvedBelowLevel = loaded.phase === 'ready' && loaded.detail.status === IDENTITY_STATUS.approved && !isVerified(profile);
  useEffect(() => {
    if (approvedBelowLevel) void loadProfile(true).then((fresh) => setProfileRead({ fresh }));
  }, [approvedBelowLevel]);

  if (loaded.phase === 'loading' || (approvedBelowLevel && !profileRead)) return <StatusMessage tone="loading" title={t`Loading…`} headingLevel={2} testId="identity-loading" />;
  if (loaded.phase === 'failed') {
    return <StatusMessage tone="error" title={t`Your identity verification could not be loaded.`} headingLevel={2} action={{ label: t`Try again`, onClick: load }} testId="identity-failed" />;
  }
  const { detail } = loaded;
  const submitted = (next: IdentityDetail) => {
    setResubmitting(false);
    setLoaded({ phase: 'ready', detail: next });
    // The menu's identity line and the profile follow (R-STATE-07, R-STATE-08).
    void loadIdentityStatus(true);
  };
  const shown = isVerified(profile) ? profile : (profileRead?.fresh ?? profile);
  const verified = isVerified(shown);
  const showForm =
    !verified && (detail.status === IDENTITY_STATUS.none || detail.status === IDENTITY_STATUS.approved || (detail.status === IDENTITY_STATUS.rejected && resubmitting));
  return (
    <div className={styles.stack} data-testid="identity-screen" data-status={detail.status}>
      <IdentityState detail={detail} verified={verified} profile={shown} onResubmit={() => setResubmitting(true)} resubmitting={resubmitting} />
      {showForm ? <IdentityForm initialName={detail.submission?.realName ?? shown.realName} onSubmitted={submitted} /> : null}
    </div>
  );
}

function IdentityState({
  detail,
  verified,
  profile,
  onResubmit,
  resubmitting,
}: {
  detail: IdentityDetail;
  verified: boolean;
  profile: Profile;
  onResubmit: () => void;
  resubmitting: boolean;
}) {
  const { t } = useLingui();
  if (verified) {
    const name = profile.realName;
    return (
      <Panel title={t`Your identity is verified`} data-testid="identity-state" data-state="verified">
        <p className={styles.lead}>{name ? t`Verified as ${name}.` : t`Your account is verified.`}</p>
        {detail.submission ? <SubmissionSummary submission={detail.submission} /> : null}
      </Panel>
    );
  }
  if (detail.status === IDENTITY_STATUS.created || detail.status === IDENTITY_STATUS.reviewing) {
    return (
      <Panel title={t`Your documents are under review`} data-testid="identity-state" data-state="underReview">
        <p className={styles.lead}>{t`We check every submission by hand. You will get a notification as soon as it is decided.`}</p>
        {detail.submission ? <SubmissionSummary submission={detail.submission} /> : null}
      </Panel>
    );
  }
  if (detail.status === IDENTITY_STATUS.rejected) {
    return (
      <Panel title={t`Your verification was not approved`} data-testid="identity-state" data-state="rejected">
        {detail.submission?.rejectReason ? (
          <p className={styles.reason} data-testid="identity-reject-reason">
            <span className={styles.muted}>{t`Reason:`}</span> {detail.submission.rejectReason}
          </p>
        ) : null}
        {resubmitting ? null : (
          <div>
            <Button onClick={onResubmit} data-testid="identity-resubmit">
              {t`Send documents again`}
            </Button>
          </div>
        )}
      </Panel>
    );
  }
  if (detail.status === IDENTITY_STATUS.approved) {
    return (
      <Panel title={t`Verify your identity`} data-testid="identity-state" data-state="levelRequired">
        <p className={styles.lead}>{t`This site now requires a higher level of verification than your account has. Send your documents again.`}</p>
      </Panel>
    );
  }
  return (
    <Panel title={t`Verify your identity`} data-testid="identity-state" data-state="none">
      <p className={styles.lead}>{t`Send the name on your identity document, its number and three pictures: the front, the back, and a selfie holding the document. An operator reviews them.`}</p>
    </Panel>
  );
}

function SubmissionSummary({ submission }: { submission: IdentitySubmission }) {
  const { t } = useLingui();
  const language = useLanguage();
  const typeNames = useDocumentTypeNames();
  const sideNames = useSideNames();
  return (
    <div className={styles.stack}>
      <dl className={styles.facts}>
        <div>
          <dt>{t`Name`}</dt>
          <dd>{submission.realName}</dd>
        </div>
        <div>
          <dt>{t`Document`}</dt>
          <dd>
            {typeNames[submission.documentType]} {submission.documentNumber}
          </dd>
        </div>
        <div>
          <dt>{t`Sent`}</dt>
          <dd>{formatDate(submission.submittedAt, language)}</dd>
        </div>
        <div>
          <dt>{t`Status`}</dt>
          <dd>
            <Badge tone={submission.status === IDENTITY_STATUS.approved ? 'success' : 'info'}>
              {submission.status === IDENTITY_STATUS.reviewing ? t`Under review` : submission.status === IDENTITY_STATUS.approved ? t`Approved` : t`Submitted`}
            </Badge>
          </dd>
        </div>
      </dl>
      <ul className={styles.thumbnails}>
        {IDENTITY_IMAGE_SIDES.map((side) => (
          <li key={side}>
            <img src={submission.images[side]} alt={sideNames[side]} loading="lazy" />
            <span className={styles.muted}>{sideNames[side]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function useSideNames(): Record<IdentityImageSide, string> {
  const { t } = useLingui();
  return { front: t`Front of the document`, back: t`Back of the document`, selfie: t`Selfie with the document` };
}

type Images = Record<IdentityImageSide, Blob | null>;

interface Draft {
  realName: string;
  documentType: DocumentType;
  documentNumber: string;
}

function IdentityForm({ initialName, onSubmitted }: { initialName: string; onSubmitted: (detail: IdentityDetail) => void }) {
  const { t } = useLingui();
  const typeNames = useDocumentTypeNames();
  const sideNames = useSideNames();
  const [draft, setDraft] = useState<Draft>({ realName: initialName, documentType: 'idCard', documentNumber: '' });
  const [images, setImages] = useState<Images>({ front: null, back: null, selfie: null });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const hints: Record<IdentityImageSide, string> = {
    front: t`The side with your photo`,
    back: t`The other side (for a passport, the signature page)`,
    selfie: t`Your face and the document together`,
  };

  const check = (): Record<string, string> => {
    const found: Record<string, string> = {};
    const name = draft.realName.trim();
    if (name.length < 2 || name.length > PERSON_NAME_MAX || !PERSON_NAME_PATTERN.test(name)) found.realName = t`Enter your name as it is written on the document.`;
    if (!normalizedDocumentNumber(draft.documentNumber)) found.documentNumber = t`Enter the document number: 4 to 32 letters, digits and dashes.`;
    for (const side of IDENTITY_IMAGE_SIDES) if (!images[side]) found[side] = t`Choose a picture.`;
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0 || !images.front || !images.back || !images.selfie) return;
    setSending(true);
    const outcome = await submitIdentity({ ...draft, realName: draft.realName.trim() }, { front: images.front, back: images.back, selfie: images.selfie });
    setSending(false);
    if (outcome.ok) onSubmitted(outcome.data);
    else setErrors(outcome.fields);
  };

  return (
    <Panel title={t`Your document`}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate data-testid="identity-form">
        <div className={styles.fields}>
          <FormField label={t`Full name`} hint={t`As written on the document`} error={errors.realName} testId="identity-name">
            {(control) => (
              <input
                {...control}
                className={inputClassName}
                value={draft.realName}
                maxLength={PERSON_NAME_MAX}
                autoComplete="name"
                onChange={(event) => setDraft({ ...draft, realName: event.target.value })}
                data-testid="identity-name-input"
              />
            )}
          </FormField>
          <FormField label={t`Document type`} testId="identity-type">
            {(control) => (
              <Select
                {...control}
                value={draft.documentType}
                onValueChange={(value) => setDraft({ ...draft, documentType: value as DocumentType })}
                options={DOCUMENT_TYPES.map((type) => ({ value: type, label: typeNames[type] }))}
                testId="identity-type-select"
              />
            )}
          </FormField>
          <FormField label={t`Document number`} error={errors.documentNumber} testId="identity-number">
            {(control) => (
              <input
                {...control}
                className={inputClassName}
                value={draft.documentNumber}
                maxLength={40}
                autoComplete="off"
                spellCheck={false}
                onChange={(event) => setDraft({ ...draft, documentNumber: event.target.value })}
                data-testid="identity-number-input"
              />
            )}
          </FormField>
        </div>
        <div className={styles.pickers}>
          {IDENTITY_IMAGE_SIDES.map((side) => (
            <ImagePicker
              key={side}
              label={sideNames[side]}
              hint={hints[side]}
              image={images[side]}
              onChange={(image) => setImages((current) => ({ ...current, [side]: image }))}
              error={errors[side]}
              testId={`identity-${side}`}
            />
          ))}
        </div>
        <p className={styles.muted}>{t`Pictures are made smaller in your browser before they are sent. Only you and our reviewers can see them.`}</p>
        <div>
          <Button type="submit" disabled={sending} data-testid="identity-submit">
            {sending ? t`Sending…` : t`Send for review`}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
