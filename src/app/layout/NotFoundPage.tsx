/**
 * Spec 2 and 8: an unknown page says 'This page could not be found' with a link back home.
 * While the app has only its status page, every other page of the spec lands here too.
 */
import { Link } from '@tanstack/react-router';
import type { Language } from '../../shared/languages';
import { localeParamOf } from '../i18n/routeLanguage';
import { StatusMessage } from '../ui/StatusMessage';

export function NotFoundPage({ language }: { language: Language }) {
  return (
    <StatusMessage
      tone="neutral"
      title="This page could not be found"
      detail="This build of the app has only its status page; the other pages of the platform come with the next releases."
    >
      <Link to="/{-$locale}" params={{ locale: localeParamOf(language) }} data-testid="home-link">
        Back to home
      </Link>
    </StatusMessage>
  );
}
