import type { SiteConfig } from '../../../shared/api/site';
export function Header({ config }: { config: SiteConfig }) {
  return <div data-temp="Header">{config.name}</div>;
}
