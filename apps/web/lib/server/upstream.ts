import "server-only";
/**
 * `fetch` towards the hub or the agent that tells "could not reach it" apart from an answer.
 * Returns undefined when the upstream is unreachable; rethrows aborts so the caller's
 * cancellation stays a cancellation.
 */
export async function fetchUpstream(url: string, init: RequestInit): Promise<Response | undefined> {
  try {
    return await fetch(url, { ...init, cache: "no-store" });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    return undefined;
  }
}

/** The upstream headers a relayed response keeps: what the browser needs to read it or retry. */
const RELAYED_HEADERS = ["content-type", "retry-after"] as const;

/**
 * Copies an upstream response's status and body as is, keeping only RELAYED_HEADERS and the
 * `alsoKeep` ones (e.g. `content-disposition` of a download).
 */
export function relayResponse(upstream: Response, alsoKeep: readonly string[] = []): Response {
  const headers = new Headers();
  for (const name of [...RELAYED_HEADERS, ...alsoKeep]) {
    const value = upstream.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return new Response(upstream.body, { status: upstream.status, headers });
}
