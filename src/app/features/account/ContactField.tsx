/**
 * The account's contact: an e-mail address or a phone number, chosen with two tabs. The phone
 * tab has a country-code select filled from GET /config/regions in the page's language; the
 * region the browser's locale names is preselected.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useEffectEvent, useState, type Dispatch, type Ref, type SetStateAction } from 'react';
import type { Region } from '../../../shared/api/site';
import { useLanguage } from '../../i18n/useLanguage';
import { TabPanel, Tabs } from '../../ui/Tabs';
import styles from './account.module.css';
import { Field, FieldInput, useFieldIds } from './Field';
import type { ContactValue } from './formRules';
import { loadRegions, preferredRegion } from './regions';

export interface ContactFieldProps {
  value: ContactValue;
  onChange: Dispatch<SetStateAction<ContactValue>>;
  error?: string | null;
  inputRef?: Ref<HTMLInputElement>;
}

export function ContactField({ value, onChange, error, inputRef }: ContactFieldProps) {
  const { t } = useLingui();
  const ids = useFieldIds();
  const regions = useRegions(value.kind === 'phone', onChange);
  return (
    <Tabs
      className={styles.form}
      label={t`Account type`}
      variant="pills"
      value={value.kind}
      onValueChange={(kind) => {
        if (kind === 'email' || kind === 'phone') onChange((current) => ({ ...current, kind }));
      }}
      items={[
        { value: 'email', label: t`E-mail`, testId: 'contact-tab-email' },
        { value: 'phone', label: t`Phone`, testId: 'contact-tab-phone' },
      ]}
    >
      <TabPanel value={value.kind}>
        {value.kind === 'email' ? (
          <Field ids={ids} label={t`E-mail address`} error={error}>
            <div className={styles.control} data-invalid={Boolean(error)}>
              <FieldInput
                inputRef={inputRef}
                type="email"
                name="email"
                autoComplete="username"
                inputMode="email"
                spellCheck={false}
                autoCapitalize="none"
                placeholder="name@example.com"
                maxLength={254}
                value={value.email}
                onChange={(email) => onChange((current) => ({ ...current, email }))}
                testId="contact-input"
              />
            </div>
          </Field>
        ) : (
          <Field ids={ids} label={t`Phone number`} error={error}>
            <div className={styles.control} data-invalid={Boolean(error)}>
              <select
                className={styles.select}
                aria-label={t`Country code`}
                autoComplete="tel-country-code"
                value={value.regionCode}
                onChange={(event) => {
                  const region = regions.find((candidate) => candidate.code === event.currentTarget.value);
                  if (region) onChange((current) => ({ ...current, regionCode: region.code, dialCode: region.dialCode }));
                }}
                data-testid="country-code"
              >
                {regions.length === 0 ? <option value="">{t`Loading…`}</option> : null}
                {regions.map((region) => (
                  <option key={region.code} value={region.code}>
                    {region.dialCode} {region.name}
                  </option>
                ))}
              </select>
              <FieldInput
                inputRef={inputRef}
                type="tel"
                name="phone"
                autoComplete="username"
                inputMode="tel"
                maxLength={20}
                value={value.phone}
                onChange={(phone) => onChange((current) => ({ ...current, phone }))}
                testId="contact-input"
              />
            </div>
          </Field>
        )}
      </TabPanel>
    </Tabs>
  );
}

/** The regions once the phone tab is in use; preselects one when none is chosen yet. */
function useRegions(wanted: boolean, onChange: Dispatch<SetStateAction<ContactValue>>): Region[] {
  const language = useLanguage();
  const [regions, setRegions] = useState<Region[]>([]);
  const preselect = useEffectEvent((loaded: Region[]) => {
    const preferred = preferredRegion(loaded, navigator.languages, language);
    if (!preferred) return;
    onChange((contact) => (contact.regionCode ? contact : { ...contact, regionCode: preferred.code, dialCode: preferred.dialCode }));
  });
  useEffect(() => {
    if (!wanted) return undefined;
    let current = true;
    void loadRegions(language).then((loaded) => {
      if (!current) return;
      setRegions(loaded);
      preselect(loaded);
    });
    return () => {
      current = false;
    };
  }, [wanted, language]);
  return regions;
}
