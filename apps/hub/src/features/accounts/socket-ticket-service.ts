import type { SocketTicket } from "@inquiry-hub/protocol";
import type { AuthService, Principal } from "./auth-service";
import type { OneTimeSecretStore } from "../../kernel/ports";
import { HubError } from "../../kernel/errors";
import { hashSecret, newSecret } from "../../kernel/secrets";

/**
 * Single-use, short-lived credentials for one Socket.IO handshake. A browser fetches one
 * through its server-side session and connects with it, so its long-lived token never has to
 * be readable by page script.
 */
export interface SocketTicketService {
  issue(principal: Principal): Promise<SocketTicket>;
  /** Consumes the ticket; UNAUTHORIZED if unknown, used, expired, or its device was revoked. */
  redeem(ticket: string): Promise<Principal>;
}

/** Creates the ticket service; tickets are stored as sha256 only and taken atomically. */
export function createSocketTicketService(deps: {
  auth: AuthService;
  tickets: OneTimeSecretStore<string>;
  ttlMs: number;
  now?: () => Date;
}): SocketTicketService {
  const now = deps.now ?? (() => new Date());

  return {
    async issue(principal) {
      const ticket = newSecret();
      const expiresAt = new Date(now().getTime() + deps.ttlMs);
      await deps.tickets.put(hashSecret(ticket), principal.device.id, expiresAt);
      return { ticket, expiresAt: expiresAt.toISOString() };
    },

    async redeem(ticket) {
      const deviceId = await deps.tickets.take(hashSecret(ticket), now());
      if (deviceId === undefined)
        throw new HubError("UNAUTHORIZED", "socket ticket is unknown, used or expired");
      return deps.auth.authenticateDevice(deviceId);
    },
  };
}
