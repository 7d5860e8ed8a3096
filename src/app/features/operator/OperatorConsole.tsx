/**
 * The operator console's frame (issue 13): the page heading, the console's navigation and the
 * section, for operators only. The server decides who is one: a signed-out visitor is asked to
 * log in, and a signed-in user whose first operator call is refused (operatorOnly) is told the
 * console is not theirs and sees nothing else of it. Every section reads and writes through the
 * operator API, the same calls the admin CLI makes. Each later area adds its section here.
 */
import { useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { robotsGetCall } from '../../../shared/api/operator';
import { ApiError } from '../../../shared/client/client';
import { OPERATOR_ERRCODES } from '../../../shared/errcodes';
import { callApi } from '../../api/client';
import { PageFrame } from '../../layout/PageFrame';
import { useSessionStatus } from '../../state/hub';
import { ButtonLink } from '../../ui/Button';
import { PageLink } from '../../ui/PageLink';
import { loginPath } from '../../ui/paths';
import { StatusMessage } from '../../ui/StatusMessage';
import { TabLinks } from '../../ui/Tabs';
import styles from './operator.module.css';

export type ConsoleSection = 'overview' | 'users' | 'identity' | 'withdrawals' | 'markets' | 'coins' | 'limits' | 'content' | 'notify' | 'settings' | 'helpdesk' | 'auditlog';

const localeRoute = getRouteApi('/{-$locale}');

type Access = 'checking' | 'granted' | 'refused' | 'failed';

/** Any operator call answers whether this session is an operator's; the robots switch is the lightest. */
async function checkAccess(): Promise<Access> {
  try {
    return (await callApi(robotsGetCall, {}, { silentErrcodes: [OPERATOR_ERRCODES.operatorOnly] })) === false ? 'failed' : 'granted';
  } catch (error) {
    if (error instanceof ApiError && error.code === OPERATOR_ERRCODES.operatorOnly) return 'refused';
    console.warn('Failed to check operator access', error);
    return 'failed';
  }
}

function ConsoleNavigation({ section }: { section: ConsoleSection }) {
  const { t } = useLingui();
  const sections: { key: ConsoleSection; to: string; label: string }[] = [
    { key: 'overview', to: '/operator', label: t`Overview` },
    { key: 'users', to: '/operator/users', label: t`Users` },
    { key: 'identity', to: '/operator/identity', label: t`Identity` },
    { key: 'withdrawals', to: '/operator/withdrawals', label: t`Withdrawals` },
    { key: 'markets', to: '/operator/markets', label: t`Markets` },
    { key: 'coins', to: '/operator/coins', label: t`Coins` },
    { key: 'limits', to: '/operator/limits', label: t`Platform limits` },
    { key: 'content', to: '/operator/content', label: t`Publishing` },
    { key: 'notify', to: '/operator/notify', label: t`Notifications` },
    { key: 'settings', to: '/operator/settings', label: t`Site settings` },
    { key: 'helpdesk', to: '/operator/helpdesk', label: t`Help desk` },
    { key: 'auditlog', to: '/operator/auditlog', label: t`Audit log` },
  ];
  return (
    <TabLinks
      label={t`Operator console`}
      className={styles.navigation}
      testId="operator-nav"
      items={sections.map((item) => ({ key: item.key, to: item.to, label: item.label, current: item.key === section, testId: `operator-nav-${item.key}` }))}
    />
  );
}

function ConsoleGate({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const [access, setAccess] = useState<Access>('checking');
  const check = useCallback(() => {
    setAccess('checking');
    void checkAccess().then(setAccess);
  }, []);
  useEffect(() => {
    let current = true;
    void checkAccess().then((answer) => {
      if (current) setAccess(answer);
    });
    return () => {
      current = false;
    };
  }, []);
  if (access === 'checking') return <StatusMessage tone="loading" title={t`Loading…`} headingLevel={2} testId="console-loading" />;
  if (access === 'refused') {
    return (
      <StatusMessage tone="error" title={t`The operator console is for operators. Your account does not have access to it.`} headingLevel={2} testId="console-refused">
        <PageLink to="/">{t`Go to the home page`}</PageLink>
      </StatusMessage>
    );
  }
  if (access === 'failed') {
    return <StatusMessage tone="error" title={t`The operator console could not be loaded.`} headingLevel={2} action={{ label: t`Try again`, onClick: check }} testId="console-failed" />;
  }
  return <>{children}</>;
}

/** One section of the console in the page frame, shown once the server has said this is an operator. */
export function OperatorConsole({ section, title, children }: { section: ConsoleSection; title: string; children: ReactNode }) {
  const { t } = useLingui();
  const config = localeRoute.useLoaderData();
  const session = useSessionStatus();
  let content: ReactNode;
  if (session === 'unknown') content = <StatusMessage tone="loading" title={t`Loading…`} headingLevel={2} testId="console-loading" />;
  else if (session === 'signedOut') {
    content = (
      <StatusMessage tone="neutral" title={t`Log in with an operator account to use the operator console.`} headingLevel={2} testId="console-signin">
        <ButtonLink to={loginPath(window.location.pathname)}>{t`Log in`}</ButtonLink>
      </StatusMessage>
    );
  } else content = <ConsoleGate>{children}</ConsoleGate>;
  return (
    <PageFrame title={title} siteName={config.name} wide>
      <div className={styles.console} data-testid="operator-console" data-section={section}>
        <ConsoleNavigation section={section} />
        {content}
      </div>
    </PageFrame>
  );
}
