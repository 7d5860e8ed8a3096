/** Business constants of spec section 9, in one place, named with their units. */
export const REQUEST_TIMEOUT_MS = 30_000;
export const SYMBOL_REFRESH_MS = 300_000;
export const HOME_CONFIG_CACHE_MS = 60_000;
export const ERROR_TOAST_MS = 5_000;
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const SEARCH_RESULTS_MAX = 10;
export const SCROLL_THRESHOLD_PX = 20;
export const LOGOUT_DELAY_MS = 200;
export const HEADER_PROFILE_READ_DELAY_MS = 500;
export const ASSET_FLAG_POLL_MS = 3_000;
export const NOTIFICATION_POLL_MS = 5_000;
export const CONFIG_CACHE_MS = 600_000;
export const UNREAD_PREVIEW_ITEMS = 5;
export const CURRENCY_INFLIGHT_CHECK_MS = 100;
export const SERVICE_CODE_LENGTH = 4;
export const CHAT_LINES_MAX = 2;
/** The chat's text box grows from 1 to 3 rows (spec 5). */
export const CHAT_TEXTAREA_ROWS_MIN = 1;
export const CHAT_TEXTAREA_ROWS_MAX = 3;
export const IMAGE_SIDE_MAX_PX = 1600;
export const IMAGE_JPEG_QUALITY = 0.25;
export const FOOTER_SPLIT_ITEMS = 7;
export const FOOTER_CATEGORY_IDS = [1000, 1001] as const;
export const FOOTER_NAV_TABS = 5;
export const BREAKPOINT_LANGUAGE_CLICK_PX = 820;
export const BREAKPOINT_DRAWER_FULL_PX = 1024;
export const BREAKPOINT_COMPACT_HEADER_PX = 1280;
export const DRAWER_WIDTH_PX = 375;
export const SUPER_VIP_ABOVE_LEVEL = 10;
export const EMOJI_PICKER_HEIGHT_PX = 220;
export const EMOTICON_COUNT = 57;
export const PREFETCH_IDLE_TIMEOUT_MS = 2_000;
/** The spec's client asks for this many notifications; the server caps every page anyway. */
export const NOTIFICATION_LIST_DEFAULT_MAX = 2_147_483_647;
/** Server-side cap on any list page, whatever the client asks. */
export const LIST_PAGE_MAX = 100;

/** The futures wallet's USDT as one currency code (spec 3), and the currency it is. */
export const FUTURES_USDT = 'FTUSDT';
export const FUTURES_USDT_BASE = 'USDT';

/** Balance decimals for display (spec 9): 3 for USDT and USDC, otherwise 6; totals 3. */
export const BALANCE_DECIMALS_STABLE = 3;
export const BALANCE_DECIMALS_DEFAULT = 6;
export const ASSET_TOTAL_DECIMALS = 3;
export const DECIMALS_MAX = 8;

/** Identity verification statuses (spec 3). */
export const IDENTITY_STATUS = { none: 0, created: 1, reviewing: 2, rejected: 3, approved: 4 } as const;

/** C2C merchant application status that makes a user a merchant. */
export const MERCHANT_APPROVED_STATUS = 4;

/** Symbol types (spec 3). */
export const SYMBOL_TYPE = { boption: 1, futures: 2, exchange: 3 } as const;
export type SymbolType = (typeof SYMBOL_TYPE)[keyof typeof SYMBOL_TYPE];

/** Notification types (spec 3); anything else is 'other'. */
export const NOTIFICATION_TYPE = {
  registration: 1,
  login: 2,
  resetLoginPassword: 4,
  resetWithdrawPassword: 8,
  deposit: 128,
  withdrawalSubmission: 256,
  withdrawalCancellation: 512,
  withdrawalCompletion: 1024,
  subscriptionSubmission: 32768,
  subscriptionCompletion: 65536,
  subscriptionUnsuccessful: 131072,
} as const;
export type NotificationTypeName = keyof typeof NOTIFICATION_TYPE | 'other';

export function notificationTypeName(type: number): NotificationTypeName {
  for (const [name, value] of Object.entries(NOTIFICATION_TYPE)) {
    if (value === type) return name as keyof typeof NOTIFICATION_TYPE;
  }
  return 'other';
}
