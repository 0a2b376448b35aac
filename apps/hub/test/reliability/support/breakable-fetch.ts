/** A fetch for the MCP client whose open SSE response streams the test can break. */
export interface BreakableFetch {
  fetch: typeof fetch;
  /** Cuts every SSE response open now, as a dropped connection would; returns how many. */
  breakStreams(): number;
}

/**
 * Wraps the global fetch: each `text/event-stream` response body is relayed through a stream
 * that `breakStreams` errors on the client side while cancelling the real body, so the
 * server sees its response closed and the client sees a network error mid-call.
 */
export function breakableFetch(): BreakableFetch {
  const breakers = new Set<() => void>();
  const wrapped: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const body = response.body;
    if (body === null || !response.headers.get("content-type")?.includes("text/event-stream"))
      return response;
    const reader = (body as ReadableStream<Uint8Array>).getReader();
    let cut: (() => void) | undefined;
    let broken = false;
    const relayed = new ReadableStream<Uint8Array>({
      start(controller) {
        cut = () => {
          broken = true;
          controller.error(new TypeError("network connection lost"));
          void reader.cancel();
        };
        breakers.add(cut);
      },
      async pull(controller) {
        const chunk = await reader.read().catch(() => undefined);
        if (broken) return;
        if (chunk === undefined || chunk.done) {
          if (cut !== undefined) breakers.delete(cut);
          controller.close();
        } else controller.enqueue(chunk.value);
      },
      cancel() {
        if (cut !== undefined) breakers.delete(cut);
        return reader.cancel();
      },
    });
    return new Response(relayed, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
  return {
    fetch: wrapped,
    breakStreams() {
      const open = [...breakers];
      breakers.clear();
      for (const cut of open) cut();
      return open.length;
    },
  };
}
