/**
 * The site config of spec 3 (what GET /config answers) built from the stored site settings, and
 * the countries and regions the phone forms offer, named in the request's language.
 */
import type { Region, SiteConfig } from '../../../src/shared/api/site';
import { DEFAULT_REQUEST_LANGUAGE, intlLocale, type Language } from '../../../src/shared/languages';
import type { Executor } from '../../core/executor';
import { getSiteSettings } from './settings';

export async function siteConfig(executor: Executor, nowMs: number): Promise<SiteConfig> {
  const settings = await getSiteSettings(executor);
  return {
    name: settings.name,
    supportedLanguages: settings.supportedLanguages,
    helpDesk: { ...settings.helpDesk },
    anonymous: settings.anonymous,
    stakingEnabled: settings.stakingEnabled,
    loanEnabled: settings.loanEnabled,
    checkinEnabled: settings.checkinEnabled,
    luckydraw: { enabled: settings.luckydraw.enabled },
    c2c: { enabled: settings.c2c.enabled },
    notificationEnabled: settings.notificationEnabled,
    kvConfigs: settings.kvConfigs,
    time: nowMs,
    permission: settings.permission,
    requiredIDLevel: settings.requiredIDLevel,
  };
}

/** [ISO 3166-1 alpha-2 code, ITU calling code, English name]. */
const REGION_ROWS: readonly (readonly [string, string, string])[] = [
  ['AF', '+93', 'Afghanistan'],
  ['AL', '+355', 'Albania'],
  ['DZ', '+213', 'Algeria'],
  ['AR', '+54', 'Argentina'],
  ['AM', '+374', 'Armenia'],
  ['AU', '+61', 'Australia'],
  ['AT', '+43', 'Austria'],
  ['AZ', '+994', 'Azerbaijan'],
  ['BH', '+973', 'Bahrain'],
  ['BD', '+880', 'Bangladesh'],
  ['BY', '+375', 'Belarus'],
  ['BE', '+32', 'Belgium'],
  ['BT', '+975', 'Bhutan'],
  ['BO', '+591', 'Bolivia'],
  ['BR', '+55', 'Brazil'],
  ['BN', '+673', 'Brunei'],
  ['BG', '+359', 'Bulgaria'],
  ['KH', '+855', 'Cambodia'],
  ['CM', '+237', 'Cameroon'],
  ['CA', '+1', 'Canada'],
  ['CL', '+56', 'Chile'],
  ['CN', '+86', 'China'],
  ['CO', '+57', 'Colombia'],
  ['CR', '+506', 'Costa Rica'],
  ['HR', '+385', 'Croatia'],
  ['CY', '+357', 'Cyprus'],
  ['CZ', '+420', 'Czechia'],
  ['DK', '+45', 'Denmark'],
  ['DO', '+1', 'Dominican Republic'],
  ['EC', '+593', 'Ecuador'],
  ['EG', '+20', 'Egypt'],
  ['EE', '+372', 'Estonia'],
  ['ET', '+251', 'Ethiopia'],
  ['FI', '+358', 'Finland'],
  ['FR', '+33', 'France'],
  ['GE', '+995', 'Georgia'],
  ['DE', '+49', 'Germany'],
  ['GH', '+233', 'Ghana'],
  ['GR', '+30', 'Greece'],
  ['GT', '+502', 'Guatemala'],
  ['HK', '+852', 'Hong Kong'],
  ['HU', '+36', 'Hungary'],
  ['IS', '+354', 'Iceland'],
  ['IN', '+91', 'India'],
  ['ID', '+62', 'Indonesia'],
  ['IQ', '+964', 'Iraq'],
  ['IE', '+353', 'Ireland'],
  ['IL', '+972', 'Israel'],
  ['IT', '+39', 'Italy'],
  ['JP', '+81', 'Japan'],
  ['JO', '+962', 'Jordan'],
  ['KZ', '+7', 'Kazakhstan'],
  ['KE', '+254', 'Kenya'],
  ['KW', '+965', 'Kuwait'],
  ['KG', '+996', 'Kyrgyzstan'],
  ['LA', '+856', 'Laos'],
  ['LV', '+371', 'Latvia'],
  ['LB', '+961', 'Lebanon'],
  ['LT', '+370', 'Lithuania'],
  ['LU', '+352', 'Luxembourg'],
  ['MO', '+853', 'Macao'],
  ['MY', '+60', 'Malaysia'],
  ['MV', '+960', 'Maldives'],
  ['MT', '+356', 'Malta'],
  ['MX', '+52', 'Mexico'],
  ['MD', '+373', 'Moldova'],
  ['MN', '+976', 'Mongolia'],
  ['MA', '+212', 'Morocco'],
  ['MM', '+95', 'Myanmar'],
  ['NP', '+977', 'Nepal'],
  ['NL', '+31', 'Netherlands'],
  ['NZ', '+64', 'New Zealand'],
  ['NG', '+234', 'Nigeria'],
  ['NO', '+47', 'Norway'],
  ['OM', '+968', 'Oman'],
  ['PK', '+92', 'Pakistan'],
  ['PA', '+507', 'Panama'],
  ['PY', '+595', 'Paraguay'],
  ['PE', '+51', 'Peru'],
  ['PH', '+63', 'Philippines'],
  ['PL', '+48', 'Poland'],
  ['PT', '+351', 'Portugal'],
  ['QA', '+974', 'Qatar'],
  ['RO', '+40', 'Romania'],
  ['RU', '+7', 'Russia'],
  ['SA', '+966', 'Saudi Arabia'],
  ['RS', '+381', 'Serbia'],
  ['SG', '+65', 'Singapore'],
  ['SK', '+421', 'Slovakia'],
  ['SI', '+386', 'Slovenia'],
  ['ZA', '+27', 'South Africa'],
  ['KR', '+82', 'South Korea'],
  ['ES', '+34', 'Spain'],
  ['LK', '+94', 'Sri Lanka'],
  ['SE', '+46', 'Sweden'],
  ['CH', '+41', 'Switzerland'],
  ['TW', '+886', 'Taiwan'],
  ['TJ', '+992', 'Tajikistan'],
  ['TZ', '+255', 'Tanzania'],
  ['TH', '+66', 'Thailand'],
  ['TL', '+670', 'Timor-Leste'],
  ['TN', '+216', 'Tunisia'],
  ['TR', '+90', 'Türkiye'],
  ['UG', '+256', 'Uganda'],
  ['UA', '+380', 'Ukraine'],
  ['AE', '+971', 'United Arab Emirates'],
  ['GB', '+44', 'United Kingdom'],
  ['US', '+1', 'United States'],
  ['UY', '+598', 'Uruguay'],
  ['UZ', '+998', 'Uzbekistan'],
  ['VE', '+58', 'Venezuela'],
  ['VN', '+84', 'Vietnam'],
  ['ZM', '+260', 'Zambia'],
  ['ZW', '+263', 'Zimbabwe'],
];

/** The list never changes while the server runs: each language's sorted copy is built once. */
const regionsByLanguage = new Map<Language, readonly Region[]>();

/**
 * Countries and regions sorted by name in the given language. English uses the curated names
 * above; other languages take the runtime's CLDR names, keeping the English one when it has none.
 */
export function regionsFor(language: Language): readonly Region[] {
  const cached = regionsByLanguage.get(language);
  if (cached) return cached;
  const locale = intlLocale(language);
  const displayNames = language === DEFAULT_REQUEST_LANGUAGE ? undefined : new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  const collator = new Intl.Collator(locale);
  const regions = REGION_ROWS.map(([code, dialCode, englishName]) => ({
    code,
    dialCode,
    name: displayNames?.of(code) ?? englishName,
  })).sort((left, right) => collator.compare(left.name, right.name));
  regionsByLanguage.set(language, regions);
  return regions;
}
