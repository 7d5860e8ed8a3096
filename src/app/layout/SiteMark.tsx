/**
 * The site's mark (public/favicon.svg, the tab's icon) drawn in the page. Through <img> an SVG file
 * costs Chromium an isolated document of its own on the main thread (11-15 ms on this host, on
 * every page's first load); drawn inline it is three shapes of the page. Decorative: the site's
 * name is beside it or names its link.
 */
export function SiteMark({ className }: { className?: string }) {
  return (
    <svg className={className} width={28} height={28} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#f0b90b" />
      <path d="M32 12 42 22 32 32 22 22Z M32 32 42 42 32 52 22 42Z M12 32 22 22 32 32 22 42Z M52 32 42 42 32 32 42 22Z" fill="#1e2329" opacity=".92" />
      <path d="M32 25 39 32 32 39 25 32Z" fill="#f0b90b" />
    </svg>
  );
}
