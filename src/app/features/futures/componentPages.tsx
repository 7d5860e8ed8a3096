/**
 * The futures component pages (spec 2: /Futures/Components/{Page} and /Futures/App/TradingPage):
 * each part of the trading page on its own, in the page frame, for the contract the ?id= names
 * (the default contract without one), live through the hub like the whole page. The modals open
 * from a button (or a position) on their page, as they do on the trading page. The catch-all
 * route loads this file only when one of these pages opens.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation } from '@tanstack/react-router';
import { useState, type ComponentProps, type ReactNode } from 'react';
import type { FuturesPosition } from '../../../shared/api/futures';
import { Button, ButtonLink } from '../../ui/Button';
import { Panel } from '../../ui/Panel';
import { loginPath } from '../../ui/paths';
import { FuturesScreen, LiveOpenOrderStats, LiveOrderPanel, PositionsPanel, RouteFutures, type FuturesView } from './FuturesScreen';
import { CloseAllDialog, CloseOrderDialog, StopPointsDialog } from './PositionDialogs';
import { useTradePopupText } from './TradePopups';
import { tradeEventOf } from './tradeEvents';
import { usePositionName } from './Summary';
import { useFuturesAccount, useMark } from './useFutures';
import layout from '../../layout/TradingPage.module.css';
import styles from './futures.module.css';

function useRouteId(): string | undefined {
  return new URLSearchParams(useLocation().searchStr).get('id') ?? undefined;
}

/** A part of the trading page for the route's contract (with its trade popups). */
function FuturesPart({ children }: { children: (view: FuturesView) => ReactNode }) {
  return (
    <div className={layout.componentPage}>
      <RouteFutures id={useRouteId()}>{children}</RouteFutures>
    </div>
  );
}

/** What a visitor sees in place of a part that needs a session. */
function SignInFirst({ here }: { here: string }) {
  const { t } = useLingui();
  return (
    <Panel data-testid="futures-part-visitor">
      <p>{t`Log in to see your futures account.`}</p>
      <ButtonLink to={loginPath(here)}>{t`Log in`}</ButtonLink>
    </Panel>
  );
}

export function TradingPage() {
  return <FuturesScreen id={useRouteId()} framed />;
}

/** The app's trading page: the phone layout at any width. */
export function AppTradingPage() {
  return <FuturesScreen id={useRouteId()} layout="phone" framed />;
}

/** The order panel; its submit opens the confirmation modal. */
export function OrderConfirmModalPage() {
  return (
    <FuturesPart>
      {(view) => <LiveOrderPanel view={view} />}
    </FuturesPart>
  );
}

export function OpenOrderStatsPage() {
  return (
    <FuturesPart>
      {(view) =>
        view.signedIn ? (
          <LiveOpenOrderStats view={view} />
        ) : (
          <SignInFirst here="/Futures/Components/OpenOrderStats" />
        )
      }
    </FuturesPart>
  );
}

export function HoldOrderPage() {
  return <FuturesPart>{(view) => <PositionsPanel view={view} />}</FuturesPart>;
}

export function CloseAllOrdersModalPage() {
  return <FuturesPart>{(view) => (view.signedIn ? <CloseAll view={view} /> : <SignInFirst here="/Futures/Components/CloseAllOrdersModal" />)}</FuturesPart>;
}

function CloseAll({ view }: { view: FuturesView }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const positions = view.account.positions ?? [];
  const openCount = positions.filter((position) => position.status === 'open').length;
  const waitingCount = positions.length - openCount;
  return (
    <Panel title={t`Close all positions`}>
      <p>{t`Open positions: ${openCount}. Waiting orders: ${waitingCount}.`}</p>
      <Button variant="danger" disabled={positions.length === 0} onClick={() => setOpen(true)} data-testid="futures-close-all-open">
        {t`Close all`}
      </Button>
      <CloseAllDialog open={open} onOpenChange={setOpen} openCount={openCount} pendingCount={waitingCount} />
    </Panel>
  );
}

/** The user's positions as buttons, each opening a modal for it. */
function PositionPicker({ view, title, children }: { view: FuturesView; title: string; children: (position: FuturesPosition, done: () => void) => ReactNode }) {
  const { t } = useLingui();
  const positionName = usePositionName();
  const [picked, setPicked] = useState<FuturesPosition | null>(null);
  const positions = view.account.positions ?? [];
  return (
    <Panel title={title}>
      {positions.length === 0 ? <p>{t`No open positions.`}</p> : null}
      <div className={styles.picker}>
        {positions.map((position) => (
          <Button key={position.id} variant="secondary" onClick={() => setPicked(position)} data-testid="futures-pick-position">
            {positionName(position)}
          </Button>
        ))}
      </div>
      {picked ? children(picked, () => setPicked(null)) : null}
    </Panel>
  );
}

/** The close dialog of a position, at its contract's mark. */
function LiveCloseOrderDialog({ position, terms, onOpenChange }: Omit<ComponentProps<typeof CloseOrderDialog>, 'mark'> & { position: FuturesPosition }) {
  const mark = useMark(position.symbolId);
  return <CloseOrderDialog position={position} terms={terms} mark={mark} onOpenChange={onOpenChange} />;
}

export function CloseOrderModalPage() {
  const { t } = useLingui();
  return (
    <FuturesPart>
      {(view) =>
        view.signedIn ? (
          <PositionPicker view={view} title={t`Close a position`}>
            {(position, done) => (
              <LiveCloseOrderDialog position={position} terms={view.termsById.get(position.symbolId)} onOpenChange={(open) => !open && done()} />
            )}
          </PositionPicker>
        ) : (
          <SignInFirst here="/Futures/Components/CloseOrderModal" />
        )
      }
    </FuturesPart>
  );
}

export function UpdateStopPointsModalPage() {
  const { t } = useLingui();
  return (
    <FuturesPart>
      {(view) =>
        view.signedIn ? (
          <PositionPicker view={view} title={t`Take profit and stop loss`}>
            {(position, done) => <StopPointsDialog position={position} terms={view.termsById.get(position.symbolId)} onOpenChange={(open) => !open && done()} />}
          </PositionPicker>
        ) : (
          <SignInFirst here="/Futures/Components/UpdateStopPointsModal" />
        )
      }
    </FuturesPart>
  );
}

/** The trade popups: each position change shows its popup, and this page lists the ones it showed. */
export function TradePopupsPage() {
  return <FuturesPart>{(view) => (view.signedIn ? <PopupLog /> : <SignInFirst here="/Futures/Components/TradePopups" />)}</FuturesPart>;
}

function PopupLog() {
  const { t } = useLingui();
  const text = useTradePopupText();
  const [lines, setLines] = useState<{ key: string; text: string }[]>([]);
  // The page's own watch of the account: it hears every change, as the trading page's popups do.
  useFuturesAccount(true, (position, previous) => {
    const line = text(tradeEventOf(previous, position), position);
    setLines((known) => [{ key: `${position.id}:${known.length}`, text: line }, ...known].slice(0, 20));
  });
  return (
    <Panel title={t`Futures trade dialogs`} data-testid="futures-popup-log">
      <p>
        <Trans>A popup shows here and on the trading page when one of your positions opens, triggers, reaches its take profit or stop loss, closes or is liquidated.</Trans>
      </p>
      {lines.length === 0 ? <p>{t`Nothing happened to your positions since this page opened.`}</p> : null}
      <ul aria-live="polite">
        {lines.map((line) => (
          <li key={line.key}>{line.text}</li>
        ))}
      </ul>
    </Panel>
  );
}
