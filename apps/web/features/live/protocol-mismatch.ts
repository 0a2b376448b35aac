import { PROTOCOL_VERSION, SocketRefusalSchema } from "@inquiry-hub/protocol";

/** This page and the hub speak different socket protocol versions: reloading is the fix. */
export interface ProtocolMismatch {
  /** The version this page's code speaks. */
  page: number;
  /** The version the hub speaks. */
  hub: number;
}

/**
 * Reads a `connect_error`: the mismatch when the hub refused this page's protocol version
 * (its `data` carries `hubProtocolVersion`), otherwise undefined (a bad ticket, an outage).
 */
export function protocolMismatchOf(error: Error): ProtocolMismatch | undefined {
  const data: unknown = "data" in error ? error.data : undefined;
  const refusal = SocketRefusalSchema.safeParse(data);
  if (!refusal.success || refusal.data.hubProtocolVersion === undefined) return undefined;
  return { page: PROTOCOL_VERSION, hub: refusal.data.hubProtocolVersion };
}
