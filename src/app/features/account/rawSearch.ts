import { useLocation } from '@tanstack/react-router';

/**
 * The page's query string as the browser has it. The router keeps a re-written copy (it reads
 * values as JSON and writes them back), in which a referral code such as 2E345678 has become
 * Infinity; the address bar keeps what the link said.
 */
export function useRawSearch(): string {
  // Subscribes the component to location changes; the value itself comes from the address bar.
  useLocation({ select: (location) => location.href });
  return window.location.search;
}
