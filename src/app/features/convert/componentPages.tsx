/**
 * Convert's component pages (spec 2: /Convert/Components/{Page}): the convert form on its own,
 * and the user's convert records. The catch-all route loads this file only when one opens.
 */
import { useLanguage } from '../../i18n/useLanguage';
import { ConvertHistory } from './ConvertHistory';
import { ConvertScreen } from './ConvertScreen';

export function ConvertFormPage() {
  return <ConvertScreen pairsTable={false} />;
}

export function ConvertTablePage() {
  return <ConvertHistory language={useLanguage()} />;
}
