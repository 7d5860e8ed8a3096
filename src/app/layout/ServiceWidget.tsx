import type { SiteConfig } from '../../shared/api/site';
export function ServiceWidget({ config }: { config: SiteConfig }) {
  return <div data-temp="ServiceWidget">{config.name}</div>;
}
