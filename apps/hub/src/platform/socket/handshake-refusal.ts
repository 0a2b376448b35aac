import { PROTOCOL_VERSION } from "@inquiry-hub/protocol";
import type { SocketRefusal } from "@inquiry-hub/protocol";
import type { HubError } from "../../kernel/errors";

/** The error a refused handshake reports to the client's `connect_error`: message and `data`. */
export type HandshakeError = Error & { data: SocketRefusal };

/** A refusal for any HubError: its message, and its code as `data.code`. */
export function refusalOf(error: HubError): HandshakeError {
  return Object.assign(new Error(error.message), { data: { code: error.code } });
}

/**
 * Refuses a client whose `protocolVersion` differs from the hub's, before its credential is
 * looked at (so a ticket is not spent on a connection that cannot work). The message names
 * both versions and the fix, and `data.hubProtocolVersion` lets the page say it in words.
 * A missing version is admitted (see `PROTOCOL_VERSION`): returns undefined then, as on a match.
 */
export function protocolVersionRefusal(
  clientVersion: number | undefined,
): HandshakeError | undefined {
  if (clientVersion === undefined || clientVersion === PROTOCOL_VERSION) return undefined;
  const message =
    `socket protocol version ${clientVersion} is not supported: this hub speaks version ` +
    `${PROTOCOL_VERSION}. Reload the page to get a matching client.`;
  return Object.assign(new Error(message), {
    data: { code: "BAD_REQUEST" as const, hubProtocolVersion: PROTOCOL_VERSION },
  });
}
