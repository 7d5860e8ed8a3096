// Pins the business constants of spec section 9 to the spec's own numbers, written out here: the
// code's tests use the constants, so without this file a changed constant would pass them all.
import { describe, expect, it } from 'vitest';
import * as constants from '../../../src/shared/constants';

describe('spec section 9 constants', () => {
  it('R-CLI-01 request timeout 30000 ms', () => {
    expect(constants.REQUEST_TIMEOUT_MS).toBe(30000);
  });

  it('R-STATE-15 symbol refresh 300000 ms and home config cache 60000 ms', () => {
    expect(constants.SYMBOL_REFRESH_MS).toBe(300000);
    expect(constants.HOME_CONFIG_CACHE_MS).toBe(60000);
  });

  it('R-STATE-12 config cache 600000 ms (10 minutes)', () => {
    expect(constants.CONFIG_CACHE_MS).toBe(600000);
  });

  it('R-STATE-11 notification polling every 5000 ms', () => {
    expect(constants.NOTIFICATION_POLL_MS).toBe(5000);
  });

  it('R-CLI-07 error toast 5000 ms; R-STATE-06 chunk-reload guard 60 s', () => {
    expect(constants.ERROR_TOAST_MS).toBe(5000);
    expect(constants.CHUNK_RELOAD_GUARD_MS).toBe(60000);
  });

  it('R-VAL-03 search results at most 10', () => {
    expect(constants.SEARCH_RESULTS_MAX).toBe(10);
  });

  it('R-HEAD-13 scroll threshold 20 px; R-HEAD-07 logout delay 200 ms; header profile read delay 500 ms', () => {
    expect(constants.SCROLL_THRESHOLD_PX).toBe(20);
    expect(constants.LOGOUT_DELAY_MS).toBe(200);
    expect(constants.HEADER_PROFILE_READ_DELAY_MS).toBe(500);
  });

  it('R-STATE-10 asset flag poll 3 s; unread preview 5 items; in-flight currency wait check 100 ms', () => {
    expect(constants.ASSET_FLAG_POLL_MS).toBe(3000);
    expect(constants.UNREAD_PREVIEW_ITEMS).toBe(5);
    expect(constants.CURRENCY_INFLIGHT_CHECK_MS).toBe(100);
  });

  it('R-HELP-06 R-HELP-09 R-HELP-10 service code 4, chat lines 2, textarea 1 to 3 rows, picker 220 px, 57 emoticons', () => {
    expect(constants.SERVICE_CODE_LENGTH).toBe(4);
    expect(constants.CHAT_LINES_MAX).toBe(2);
    expect(constants.CHAT_TEXTAREA_ROWS_MIN).toBe(1);
    expect(constants.CHAT_TEXTAREA_ROWS_MAX).toBe(3);
    expect(constants.EMOJI_PICKER_HEIGHT_PX).toBe(220);
    expect(constants.EMOTICON_COUNT).toBe(57);
  });

  it('R-VAL-08 image max side 1600 px, JPEG quality 0.25', () => {
    expect(constants.IMAGE_SIDE_MAX_PX).toBe(1600);
    expect(constants.IMAGE_JPEG_QUALITY).toBe(0.25);
  });

  it('R-FOOT-03 R-FOOT-04 footer split at 7 items, categories 1000 and 1001, 5 nav tabs', () => {
    expect(constants.FOOTER_SPLIT_ITEMS).toBe(7);
    expect(constants.FOOTER_CATEGORY_IDS).toEqual([1000, 1001]);
    expect(constants.FOOTER_NAV_TABS).toBe(5);
  });

  it('R-HEAD-12 R-HEAD-14 breakpoints 820, 1024 and 1280 px; drawer 375 px', () => {
    expect(constants.BREAKPOINT_LANGUAGE_CLICK_PX).toBe(820);
    expect(constants.BREAKPOINT_DRAWER_FULL_PX).toBe(1024);
    expect(constants.BREAKPOINT_COMPACT_HEADER_PX).toBe(1280);
    expect(constants.DRAWER_WIDTH_PX).toBe(375);
  });

  it('R-ROLE-05 super-VIP badge above level 10', () => {
    expect(constants.SUPER_VIP_ABOVE_LEVEL).toBe(10);
  });

  it('R-CLI-12 prefetch idle timeout 2000 ms', () => {
    expect(constants.PREFETCH_IDLE_TIMEOUT_MS).toBe(2000);
  });

  it('R-VAL-10 balance decimals 3 for USDT and USDC, otherwise 6, totals 3, precision up to 8', () => {
    expect(constants.BALANCE_DECIMALS_STABLE).toBe(3);
    expect(constants.BALANCE_DECIMALS_DEFAULT).toBe(6);
    expect(constants.ASSET_TOTAL_DECIMALS).toBe(3);
    expect(constants.DECIMALS_MAX).toBe(8);
  });

  it('R-ENT-05 identity statuses 0 none, 1 created, 2 reviewing, 3 rejected, 4 approved', () => {
    expect(constants.IDENTITY_STATUS).toEqual({ none: 0, created: 1, reviewing: 2, rejected: 3, approved: 4 });
  });

  it('R-ENT-01 symbol types 1 binary option, 2 futures, 3 exchange; R-C2C-06 merchant status 4', () => {
    expect(constants.SYMBOL_TYPE).toEqual({ boption: 1, futures: 2, exchange: 3 });
    expect(constants.MERCHANT_APPROVED_STATUS).toBe(4);
  });

  it('R-ENT-13 notification types and their names; anything else is other', () => {
    expect(constants.NOTIFICATION_TYPE).toEqual({
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
    });
    expect(constants.notificationTypeName(16)).toBe('other');
  });

  it('the client asks for 2147483647 notifications (spec 7)', () => {
    expect(constants.NOTIFICATION_LIST_DEFAULT_MAX).toBe(2147483647);
  });
});
