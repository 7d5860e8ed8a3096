/**
 * The convert screen (spec 2 /Convert): the form beside the table of pairs on wide screens,
 * above it on narrow ones, and a link to the user's convert history. The form's own page
 * (/Convert/Components/ConvertForm) is the same screen without the pairs.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ConvertPair } from '../../../shared/api/convert';
import { useSignedIn } from '../../state/hub';
import { PageLink } from '../../ui/PageLink';
import { Panel } from '../../ui/Panel';
import { StatusMessage } from '../../ui/StatusMessage';
import { ConvertForm } from './ConvertForm';
import { canConvert, initialFormState, type ConvertFormState } from './convertRules';
import { PairsTable } from './PairsTable';
import { usePairs } from './usePairs';
import styles from './convert.module.css';

export function ConvertScreen({ pairsTable = true }: { pairsTable?: boolean }) {
  const { t } = useLingui();
  const { pairs, retry } = usePairs();
  const signedIn = useSignedIn();
  const [chosen, setState] = useState<ConvertFormState | null>(null);

  const data = pairs !== null && pairs !== 'failed' ? pairs : null;
  // The form opens on its default pair once the pairs are known, and keeps the user's choice after.
  const state = chosen ?? (data ? initialFormState(data) : null);

  if (pairs === 'failed') {
    return <StatusMessage testId="convert-failed" tone="error" title={t`The convert pairs could not be loaded.`} headingLevel={2} action={{ label: t`Try again`, onClick: retry }} />;
  }
  if (!data || !state) {
    return <StatusMessage testId="convert-loading" tone="loading" title={t`Loading…`} headingLevel={2} />;
  }

  const choose = (pair: ConvertPair) => {
    if (canConvert(data.pairs, pair.quote, pair.base)) setState({ from: pair.quote, to: pair.base, amount: '' });
    document.getElementById('convert-card')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className={styles.screen} data-testid="convert-screen">
      <Panel id="convert-card" className={styles.card} aria-label={t`Convert`}>
        <ConvertForm data={data} state={state} onChange={setState} signedIn={signedIn} />
        {signedIn ? (
          <PageLink to="/Convert/ConvertHistory" className={styles.historyLink} data-testid="convert-history-link">
            {t`Convert history`}
          </PageLink>
        ) : null}
      </Panel>
      {pairsTable ? <PairsTable pairs={data.pairs} onChoose={choose} /> : null}
    </div>
  );
}
