import type { AuthResponse, PairingClaimBody, PairingCode } from "@inquiry-hub/protocol";
import type { AuthService, Principal } from "./auth-service";
import type { OneTimeSecretStore } from "../../kernel/ports";
import type { DeviceService } from "./device-service";
import { HubError } from "../../kernel/errors";
import { hashSecret, newSecret } from "../../kernel/secrets";

/** What a pairing code stands for: the user it logs in as, and the device that asked for it. */
export interface PairingGrant {
  userId: string;
  issuedByDeviceId: string;
}

/** "Pair a phone": a logged-in device mints a one-time code; claiming it logs a new device in. */
export interface PairingService {
  create(principal: Principal): Promise<PairingCode>;
  /** Consumes the code (once) and returns a fresh device login; NOT_FOUND otherwise. */
  claim(body: PairingClaimBody, userAgent?: string): Promise<AuthResponse>;
}

const UNUSABLE = "pairing code is unknown, used or expired";

/**
 * Creates the pairing service. Codes carry 256 random bits, are stored only as sha256 (so the
 * lookup by hash compares in constant time by construction) and are taken atomically, so two
 * concurrent claims of one code yield one device. A code whose issuing device has been revoked
 * in the meantime is dead too: revoking a device takes its outstanding invitations with it.
 */
export function createPairingService(deps: {
  auth: AuthService;
  devices: DeviceService;
  codes: OneTimeSecretStore<PairingGrant>;
  ttlMs: number;
  now?: () => Date;
}): PairingService {
  const now = deps.now ?? (() => new Date());

  return {
    async create(principal) {
      const code = newSecret();
      const expiresAt = new Date(now().getTime() + deps.ttlMs);
      await deps.codes.put(
        hashSecret(code),
        { userId: principal.user.id, issuedByDeviceId: principal.device.id },
        expiresAt,
      );
      return { code, expiresAt: expiresAt.toISOString() };
    },

    async claim(body, userAgent) {
      const grant = await deps.codes.take(hashSecret(body.code), now());
      const issuer =
        grant === undefined ? undefined : await deps.devices.findActive(grant.issuedByDeviceId);
      if (grant === undefined || issuer?.userId !== grant.userId)
        throw new HubError("NOT_FOUND", UNUSABLE);
      return deps.auth.loginNewDevice(grant.userId, body, userAgent);
    },
  };
}
