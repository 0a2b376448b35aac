import type {
  JSONRPCMessage,
  MessageExtraInfo,
  Transport,
  TransportSendOptions,
} from "@modelcontextprotocol/client";

/** How long `close()` waits for in-flight sends (e.g. `notifications/cancelled`) to land. */
const DRAIN_TIMEOUT_MS = 2_000;

/**
 * Wraps a client transport to see every raw incoming message before the SDK parses it, and
 * to let queued outgoing messages finish before closing.
 *
 * Why: the SDK's `onprogress` callback gets neither the `progressToken` nor the wire `meta`
 * key, and replacing its progress handler would break `resetTimeoutOnProgress`. Observing
 * the transport keeps the SDK's behaviour intact and still forwards the exact frame. The
 * drain matters on client disconnect of a 2025-era connection: the SDK sends
 * `notifications/cancelled` fire-and-forget, and closing at once would abort that POST
 * before the hub sees it.
 *
 * Everything the SDK negotiates through the transport (protocol version, supported versions,
 * per-request streams, session id, per-message send options) is passed through untouched, so
 * the wrapper is invisible to the SDK's era negotiation.
 */
export class ObservingTransport implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?:
    (<T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void) | undefined;

  private readonly pendingSends = new Set<Promise<void>>();

  constructor(
    private readonly inner: Transport,
    private readonly observe: (message: JSONRPCMessage) => void,
  ) {}

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  get hasPerRequestStream(): boolean | undefined {
    return this.inner.hasPerRequestStream;
  }

  setProtocolVersion = (version: string): void => {
    this.inner.setProtocolVersion?.(version);
  };

  setSupportedProtocolVersions = (versions: string[]): void => {
    this.inner.setSupportedProtocolVersions?.(versions);
  };

  async start(): Promise<void> {
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onmessage = (message, extra) => {
      try {
        this.observe(message);
      } finally {
        this.onmessage?.(message, extra);
      }
    };
    await this.inner.start();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const sending = this.inner.send(message, options);
    const tracked = sending.catch(() => undefined);
    this.pendingSends.add(tracked);
    void tracked.finally(() => this.pendingSends.delete(tracked));
    await sending;
  }

  /** Waits (bounded) for messages already handed to the transport to be sent. */
  async drain(): Promise<void> {
    const inFlight = [...this.pendingSends];
    if (inFlight.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, DRAIN_TIMEOUT_MS);
    });
    await Promise.race([Promise.allSettled(inFlight), deadline]);
    clearTimeout(timer);
  }

  async close(): Promise<void> {
    await this.drain();
    await this.inner.close();
  }
}
