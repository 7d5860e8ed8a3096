/**
 * The withdrawal page's content (spec 2 /Assets/AssetWithdraw): two ways out, to an address on a
 * blockchain and to the user's bank account, each with what it needs of the security settings
 * (WithdrawGate), then the latest withdrawals with their status. The fees, limits and formats come
 * from GET /finance/withdrawconfig, the security state from GET /account/security.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ButtonLink } from '../../ui/Button';
import { Panel } from '../../ui/Panel';
import { StatusMessage } from '../../ui/StatusMessage';
import { TabPanel, Tabs } from '../../ui/Tabs';
import { BlockchainWithdrawForm } from './BlockchainWithdrawForm';
import { FiatWithdrawForm } from './FiatWithdrawForm';
import { useSecurityStatus, useWithdrawConfig } from './withdrawData';
import { WithdrawalsTable } from './WithdrawalsTable';
import styles from './withdraw.module.css';

/** How many withdrawals the page shows; the history has them all. */
const RECENT_WITHDRAWALS_MAX = 5;

export type WithdrawKind = 'blockchain' | 'fiat';

/** `only`: one of the two forms alone (the component pages); `initialCoin`: the coin to open on (the page's ?coin=). */
export function WithdrawScreen({ initialCoin, only }: { initialCoin?: string; only?: WithdrawKind }) {
  const { t } = useLingui();
  const config = useWithdrawConfig();
  const security = useSecurityStatus();
  const [kind, setKind] = useState<WithdrawKind>('blockchain');
  // A withdrawal made: the recent list reads again (a push does too, when the hold moves the balance).
  const [made, setMade] = useState(0);
  if (config.view.phase === 'loading') return <StatusMessage tone="loading" title={t`Loading…`} headingLevel={2} testId="withdraw-loading" />;
  if (config.view.phase === 'failed') {
    return <StatusMessage tone="error" title={t`Withdrawals could not be loaded.`} headingLevel={2} action={{ label: t`Try again`, onClick: config.retry }} testId="withdraw-failed" />;
  }
  const formProps = {
    security: security.view.phase === 'ready' ? security.view.data : null,
    onStale: security.reload,
    onSubmitted: () => setMade((value) => value + 1),
  };
  const blockchain = <BlockchainWithdrawForm key={initialCoin} coins={config.view.data.blockchain} initialCoin={initialCoin} {...formProps} />;
  const fiat = <FiatWithdrawForm terms={config.view.data.fiat} {...formProps} />;
  if (only) return <div data-testid="withdraw">{only === 'blockchain' ? blockchain : fiat}</div>;
  return (
    <div className={styles.stack} data-testid="withdraw">
      <Panel title={t`Withdraw`}>
        <Tabs
          value={kind}
          onValueChange={(value) => setKind(value === 'fiat' ? 'fiat' : 'blockchain')}
          label={t`Where to withdraw to`}
          items={[
            { value: 'blockchain', label: t`To a crypto address`, testId: 'withdraw-tab-blockchain' },
            { value: 'fiat', label: t`To a bank account`, testId: 'withdraw-tab-fiat' },
          ]}
        >
          <TabPanel value="blockchain" className={styles.tabPanel}>
            {blockchain}
          </TabPanel>
          <TabPanel value="fiat" className={styles.tabPanel}>
            {fiat}
          </TabPanel>
        </Tabs>
      </Panel>
      <Panel
        flush
        title={t`Recent withdrawals`}
        actions={
          <ButtonLink to="/assets/withdrawhistory" variant="ghost" size="small" data-testid="withdraw-all">
            {t`All withdrawals`}
          </ButtonLink>
        }
      >
        <WithdrawalsTable key={made} pageSize={RECENT_WITHDRAWALS_MAX} paged={false} testId="withdraw-recent" />
      </Panel>
    </div>
  );
}
