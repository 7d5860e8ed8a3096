/**
 * The service worker's caching strategies, named for what they do. Each takes the cache lookups it
 * needs as functions, so that sw.ts decides which caches a request may be answered from.
 */

function delay(timeoutMs: number): Promise<'timeout'> {
  return new Promise((resolve) => setTimeout(() => resolve('timeout'), timeoutMs));
}

/**
 * The network's answer when it comes in time, else the fallback (for a page: the cached shell).
 * A server error (5xx, e.g. a proxy whose upstream is down) counts as no answer when a fallback
 * exists; a 4xx is the server's real answer and passes through.
 */
export async function networkFirstWithTimeout(
  request: Request,
  options: { timeoutMs: number; fallback: () => Promise<Response | undefined> },
): Promise<Response> {
  const network = fetch(request);
  // If the fallback answers first, the network's later failure has no one to report to.
  network.catch(() => undefined);
  try {
    const first = await Promise.race([network, delay(options.timeoutMs)]);
    if (first !== 'timeout') {
      if (first.status < 500) return first;
      return (await options.fallback()) ?? first;
    }
    return (await options.fallback()) ?? (await network);
  } catch (error) {
    const cached = await options.fallback();
    if (cached) return cached;
    throw error;
  }
}

/**
 * The cached file if there is one, else the network's answer, which `store` may keep. A network
 * failure stays a failure: the page sees a failed script, never something else in its place.
 */
export async function cacheOrNetwork(
  request: Request,
  options: { lookup: () => Promise<Response | undefined>; store?: (response: Response) => Promise<void>; keepAlive: (work: Promise<unknown>) => void },
): Promise<Response> {
  const cached = await options.lookup();
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && options.store) options.keepAlive(options.store(response.clone()));
  return response;
}
