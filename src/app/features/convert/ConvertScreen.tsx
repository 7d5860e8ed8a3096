/**
 * The convert screen (spec 2 /Convert): the form beside the table of pairs on wide screens,
 * above it on narrow ones, and a link to the user's convert history.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ConvertPair } from '../../../shared/api/convert';
import { useHubStatus } from '../../state/hub';
import { PageLink } from '../../ui/PageLink';
import { ConvertForm } from './ConvertForm';
import { canConvert, initialFormState, type ConvertFormState } from './convertRules';
import { PairsTable } from './PairsTable';
import { usePairs } from './usePairs';
import styles from './convert.module.css';

export function ConvertScreen() {
  const { t } = useLingui();
  const { pairs, retry } = usePairs();
  const signedIn = useHubStatus()?.session.status === 'signedIn';
  const [chosen, setState] = useState<ConvertFormState | null>(null);

  const data = pairs !== null && pairs !== 'failed' ? pairs : null;
  // The form opens on its default pair once the pairs are known, and keeps the user's choice after.
  const state = chosen ?? (data ? initialFormState(data) : null);

  if (pairs === 'failed') {
    return (
      <div className={styles.note} role="alert" data-testid="convert-failed">
        <p>{t`The convert pairs could not be loaded.`}</p>
        <button type="button" className={styles.secondaryButton} onClick={retry}>
          {t`Try again`}
        </button>
      </div>
    );
  }
  if (!data || !state) {
    return (
      <p className={styles.note} role="status" aria-busy="true" data-testid="convert-loading">
        {t`Loading…`}
      </p>
    );
  }

  const choose = (pair: ConvertPair) => {
    if (canConvert(data.pairs, pair.quote, pair.base)) setState({ from: pair.quote, to: pair.base, amount: '' });
    document.getElementById('convert-card')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className={styles.screen} data-testid="convert-screen">
      <section id="convert-card" className={styles.card} aria-label={t`Convert`}>
        <ConvertForm data={data} state={state} onChange={setState} signedIn={signedIn} />
        {signedIn ? (
          <PageLink to="/Convert/ConvertHistory" className={styles.historyLink} data-testid="convert-history-link">
            {t`Convert history`}
          </PageLink>
        ) : null}
      </section>
      <PairsTable pairs={data.pairs} onChoose={choose} />
    </div>
  );
}
