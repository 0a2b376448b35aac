const POLL_MS = 1_000;

/** Whether `url` answers 2xx right now. */
async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(POLL_MS * 5) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Waits until every URL answers 2xx or `timeoutMs` passes (the first `npm start` builds the web
 * app first, which takes minutes). Resolves with the URLs still down, empty when all are up.
 */
export async function waitUntilUp(urls: readonly string[], timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  let down = [...urls];
  while (down.length > 0 && Date.now() < deadline) {
    const results = await Promise.all(down.map(answers));
    down = down.filter((_url, index) => results[index] !== true);
    if (down.length > 0) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return down;
}
