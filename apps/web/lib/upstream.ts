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

/** Copies an upstream response's status and body as is, keeping only its content type. */
export function relayResponse(upstream: Response): Response {
  const headers = new Headers();
  const contentType = upstream.headers.get("content-type");
  if (contentType !== null) headers.set("content-type", contentType);
  return new Response(upstream.body, { status: upstream.status, headers });
}

/** The request body parsed as JSON, or undefined when it is not JSON. */
export async function readJsonBody(request: Request): Promise<unknown> {
  try {
    return (await request.json()) as unknown;
  } catch {
    return undefined;
  }
}
