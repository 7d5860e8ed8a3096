/**
 * A link to a page of the app given without a language prefix ('/quotes', '/post/detail?id=3'):
 * it points at that page in the current language and navigates inside the app (no reload) on a
 * plain click. The registry's pages have no route of their own to type a router Link against,
 * so every menu links through this one component.
 */
import { useRouter } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useLocalize } from '../i18n/useLanguage';

export interface PageLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
}

export function PageLink({ to, onClick, ...rest }: PageLinkProps) {
  const router = useRouter();
  const localize = useLocalize();
  const href = localize(to);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (rest.target && rest.target !== '_self') return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return <a {...rest} href={href} onClick={handleClick} />;
}
