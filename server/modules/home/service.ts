/**
 * The home page: content in the reader's language (through the content module, with its English
 * fallback) and market data (through the market module), gathered in one answer that the client
 * caches per language and referral code.
 */
import { HOME_BANNERS_MAX, HOME_NEWS_MAX, HOME_NOTICE_BAR_MAX, HOME_TIPS_MAX, type Home } from '../../../src/shared/api/home';
import type { PostSummary } from '../../../src/shared/api/content';
import type { Language } from '../../../src/shared/languages';
import type { AppContext } from '../../context';
import { BusinessError } from '../../core/errors';
import type { SessionUser } from '../../core/viewer';
import { referralCodeOf } from '../account/service';
import { activeNotices, listCategory } from '../content/service';
import { homeSymbols, marketRanks } from '../market/rankings';
import { loadMarketView } from '../market/service';

/** Announcements (with their sub-categories) feed the news and the notice bar. */
export const ANNOUNCEMENTS_CATEGORY_ID = 10;
/** New listings and platform updates make the banners. */
export const BANNER_CATEGORY_IDS = [11, 12] as const;
/** The college's articles are the tips. */
export const COLLEGE_CATEGORY_ID = 20;

/** The newest posts of a category tree; none when an operator has removed the category. */
async function latestPosts(context: AppContext, language: Language, categoryId: number, limit: number): Promise<PostSummary[]> {
  try {
    return (await listCategory(context, language, { id: categoryId, limit })).posts;
  } catch (error) {
    if (error instanceof BusinessError && error.code === 'categoryNotFound') return [];
    throw error;
  }
}

/** Banners from every banner category, pinned first, then newest. */
async function banners(context: AppContext, language: Language): Promise<PostSummary[]> {
  const lists = await Promise.all(BANNER_CATEGORY_IDS.map((id) => latestPosts(context, language, id, HOME_BANNERS_MAX)));
  return lists
    .flat()
    .sort((left, right) => Number(right.pinned) - Number(left.pinned) || right.publishedAt - left.publishedAt || right.id - left.id)
    .slice(0, HOME_BANNERS_MAX);
}

async function referralCodeFor(context: AppContext, viewer: SessionUser | null, visitorCode: string | undefined): Promise<string | null> {
  if (viewer) {
    const own = await referralCodeOf(context.db, viewer.id);
    if (own !== null) return own;
  }
  return visitorCode ?? null;
}

export async function homePage(
  context: AppContext,
  viewer: SessionUser | null,
  language: Language,
  visitorReferralCode: string | undefined,
): Promise<Home> {
  const view = await loadMarketView(context.db, viewer);
  const [bannerPosts, popups, news, tips, symbols, ranks, referralCode] = await Promise.all([
    banners(context, language),
    activeNotices(context, language),
    latestPosts(context, language, ANNOUNCEMENTS_CATEGORY_ID, HOME_NEWS_MAX),
    latestPosts(context, language, COLLEGE_CATEGORY_ID, HOME_TIPS_MAX),
    homeSymbols(context, view),
    marketRanks(context, view),
    referralCodeFor(context, viewer, visitorReferralCode),
  ]);
  return {
    lang: language,
    referralCode,
    banners: bannerPosts,
    notices: { popups, announcements: news.slice(0, HOME_NOTICE_BAR_MAX) },
    news,
    tips,
    symbols,
    ranks: { gainers: ranks.gainers, losers: ranks.losers, volume: ranks.volume },
    topSearches: ranks.mostTraded,
    time: context.now(),
  };
}
