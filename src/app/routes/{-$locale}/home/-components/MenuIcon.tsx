/**
 * The icons of the mobile menu pages (/Home/MoreMenu, /Profile/PhoneUserNav): one line drawing
 * per kind of entry, picked by the menu item's key (navigation.ts). Items of the same kind share
 * a drawing: every order list, every history, every account.
 */
import type { ReactNode } from 'react';

const SHAPES = {
  p2p: (
    <>
      <circle cx="8" cy="8" r="3" />
      <circle cx="16.5" cy="15.5" r="3" />
      <path d="M12.5 6.5h4a2 2 0 0 1 2 2v2M11.5 17.5h-4a2 2 0 0 1-2-2v-2" />
    </>
  ),
  chart: (
    <>
      <path d="M4 19h16" />
      <path d="m5 15 4.5-4.5 3.5 3L19.5 7" />
    </>
  ),
  swap: <path d="M5 8.5h13l-3.5-3.5M19 15.5H6l3.5 3.5" />,
  candles: (
    <>
      <path d="M8 4v3M8 16v4M16 4v5M16 17v3" />
      <rect x="5.5" y="7" width="5" height="9" rx="1" />
      <rect x="13.5" y="9" width="5" height="8" rx="1" />
    </>
  ),
  leverage: <path d="M4 17 9.5 11.5l3.5 3.5L20 8M14.5 8H20v5.5" />,
  clockArrows: (
    <>
      <circle cx="12" cy="12" r="8" />
      <path d="M12 7.5V12l3 2" />
    </>
  ),
  coins: (
    <>
      <ellipse cx="12" cy="6.5" rx="6.5" ry="2.5" />
      <path d="M5.5 6.5v5c0 1.4 2.9 2.5 6.5 2.5s6.5-1.1 6.5-2.5v-5M5.5 11.5v5c0 1.4 2.9 2.5 6.5 2.5s6.5-1.1 6.5-2.5v-5" />
    </>
  ),
  rocket: (
    <>
      <path d="M12 3.5c3 2 4.5 5 4.5 8.5L14.5 15h-5L7.5 12c0-3.5 1.5-6.5 4.5-8.5Z" />
      <circle cx="12" cy="9.5" r="1.5" />
      <path d="M9.5 15 8 19.5l4-2 4 2-1.5-4.5" />
    </>
  ),
  lock: (
    <>
      <rect x="5" y="10.5" width="14" height="9.5" rx="2" />
      <path d="M8.5 10.5V8a3.5 3.5 0 0 1 7 0v2.5" />
    </>
  ),
  bank: <path d="M4 9.5 12 5l8 4.5M5.5 10v7M10 10v7M14 10v7M18.5 10v7M4 19.5h16" />,
  book: (
    <>
      <path d="M5 5.5A1.5 1.5 0 0 1 6.5 4H19v14H6.5A1.5 1.5 0 0 0 5 19.5v-14Z" />
      <path d="M5 19.5A1.5 1.5 0 0 0 6.5 21H19" />
    </>
  ),
  megaphone: (
    <>
      <path d="M4 10v4h3l7 4V6L7 10H4Z" />
      <path d="M17.5 9a4 4 0 0 1 0 6" />
    </>
  ),
  calendar: (
    <>
      <rect x="4" y="5.5" width="16" height="14.5" rx="2" />
      <path d="M4 10h16M8.5 3.5v4M15.5 3.5v4M9 14.5l2 2 4-4" />
    </>
  ),
  user: (
    <>
      <circle cx="12" cy="8.5" r="3.8" />
      <path d="M4.8 20a7.2 7.2 0 0 1 14.4 0" />
    </>
  ),
  shield: (
    <>
      <path d="M12 3.5 19 6v5.5c0 4.3-3 7.5-7 9-4-1.5-7-4.7-7-9V6l7-2.5Z" />
      <path d="m9 12 2.2 2.2L15.5 10" />
    </>
  ),
  idCard: (
    <>
      <rect x="3.5" y="5.5" width="17" height="13" rx="2" />
      <circle cx="9" cy="11" r="2" />
      <path d="M6 15.5c.6-1.3 1.7-2 3-2s2.4.7 3 2M14.5 10h3M14.5 13.5h3" />
    </>
  ),
  bell: (
    <>
      <path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 1.5h-15L6 16.5Z" />
      <path d="M10 20.5h4" />
    </>
  ),
  list: <path d="M9 6.5h11M9 12h11M9 17.5h11M4.5 6.5h.01M4.5 12h.01M4.5 17.5h.01" />,
  wallet: (
    <>
      <path d="M4 7.5A2.5 2.5 0 0 1 6.5 5H18a1 1 0 0 1 1 1v2" />
      <rect x="4" y="7.5" width="16" height="11.5" rx="2" />
      <path d="M15.5 13.2h1.5" />
    </>
  ),
  deposit: <path d="M12 4v11m-4.5-4.5L12 15l4.5-4.5M5 19.5h14" />,
  withdraw: <path d="M12 15V4m-4.5 4.5L12 4l4.5 4.5M5 19.5h14" />,
  history: (
    <>
      <path d="M4.5 12a7.5 7.5 0 1 0 2.2-5.3L4.5 9" />
      <path d="M4.5 4.5V9H9M12 8v4.5l3 1.5" />
    </>
  ),
  globe: (
    <>
      <circle cx="12" cy="12" r="8" />
      <path d="M4 12h16M12 4c2.2 2.3 3.3 5 3.3 8s-1.1 5.7-3.3 8c-2.2-2.3-3.3-5-3.3-8S9.8 6.3 12 4Z" />
    </>
  ),
  headset: (
    <>
      <path d="M4.5 13.5V12a7.5 7.5 0 0 1 15 0v1.5" />
      <rect x="3.5" y="13" width="4" height="6" rx="1.6" />
      <rect x="16.5" y="13" width="4" height="6" rx="1.6" />
    </>
  ),
  info: (
    <>
      <circle cx="12" cy="12" r="8" />
      <path d="M12 11v5M12 8h.01" />
    </>
  ),
  logout: <path d="M14 5H6.5A1.5 1.5 0 0 0 5 6.5v11A1.5 1.5 0 0 0 6.5 19H14M10 12h10m-3.5-3.5L20 12l-3.5 3.5" />,
} satisfies Record<string, ReactNode>;

export type MenuIconShape = keyof typeof SHAPES;

/** The drawing of each menu item key of navigation.ts, and of the entries the mobile pages add. */
const SHAPE_OF_KEY: Readonly<Record<string, MenuIconShape>> = {
  c2c: 'p2p',
  quotes: 'chart',
  convert: 'swap',
  exchange: 'candles',
  futures: 'leverage',
  boption: 'clockArrows',
  finance: 'coins',
  startup: 'rocket',
  staking: 'lock',
  loan: 'bank',
  college: 'book',
  announcements: 'megaphone',
  lotteryCheckIn: 'calendar',
  dashboard: 'user',
  security: 'shield',
  identity: 'idCard',
  notifications: 'bell',
  exchangeOrders: 'list',
  futuresOrders: 'list',
  boptionOrders: 'list',
  convertHistory: 'history',
  fiatOrders: 'list',
  spotAssets: 'wallet',
  futuresAssets: 'wallet',
  loanAssets: 'wallet',
  financeAssets: 'wallet',
  deposit: 'deposit',
  withdraw: 'withdraw',
  depositHistory: 'history',
  withdrawHistory: 'history',
  loanHistory: 'history',
  financeRecords: 'history',
  fundDetails: 'list',
  language: 'globe',
  service: 'headset',
  about: 'info',
  logout: 'logout',
};

export function MenuIcon({ name }: { name: string }) {
  const shape = SHAPE_OF_KEY[name] ?? 'list';
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      {SHAPES[shape]}
    </svg>
  );
}
