import type { SiteConfig } from '../../../shared/api/site';
export function Footer({ config }: { config: SiteConfig }) {
  return <div data-temp="Footer">{config.name}</div>;
}
