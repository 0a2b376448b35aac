import type {
  AuthResponse,
  PairingClaimBody,
  PairingCode,
  PairingCodeStatus,
  PairingLookup,
  PairingLookupBody,
} from "@inquiry-hub/protocol";
import type { AuthService, Principal } from "./auth-service";
import type { OneTimeSecretStore } from "../../kernel/ports";
import type { DeviceService } from "./device-service";
import { HubError } from "../../kernel/errors";
import { hashSecret, newSecret } from "../../kernel/secrets";

/**
 * What a pairing code stands for: the user it logs in as, the device that asked for it, when
 * it stops working, and once claimed, which device it logged in.
 */
export interface PairingGrant {
  userId: string;
  issuedByDeviceId: string;
  expiresAt: string;
  usedBy?: { deviceId: string; at: string };
}

/** "Pair a phone": a logged-in device mints a one-time code; claiming it logs a new device in. */
export interface PairingService {
  create(principal: Principal): Promise<PairingCode>;
  /** Consumes the code (once) and returns a fresh device login; NOT_FOUND otherwise. */
  claim(body: PairingClaimBody, userAgent?: string): Promise<AuthResponse>;
  /** What became of one of the principal's user's codes; NOT_FOUND for anyone else's. */
  status(principal: Principal, id: string): Promise<PairingCodeStatus>;
  /** What the holder of a code may know before claiming it; NOT_FOUND for unknown codes. */
  lookup(body: PairingLookupBody): Promise<PairingLookup>;
}

const UNUSABLE = "pairing code is unknown, used or expired";

/**
 * How long a code is remembered past its expiry, so the page that shows it and the phone that
 * opens it late can say "used" or "expired" instead of "unknown".
 */
const REMEMBERED_MS = 60 * 60_000;

/**
 * Creates the pairing service. Codes carry 256 random bits, are stored only as sha256 (so the
 * lookup by hash compares in constant time by construction; the hash is also the code's `id`,
 * which names it without being able to claim it) and are taken atomically, so two concurrent
 * claims of one code yield one device. A claimed code is put back marked used, and kept an
 * hour past its expiry, only so it can say what became of it. A code whose issuing device has
 * been revoked in the meantime is dead too: revoking a device takes its outstanding
 * invitations with it.
 */
export function createPairingService(deps: {
  auth: AuthService;
  devices: DeviceService;
  codes: OneTimeSecretStore<PairingGrant>;
  ttlMs: number;
  now?: () => Date;
}): PairingService {
  const now = deps.now ?? (() => new Date());

  function keep(codeHash: string, grant: PairingGrant): Promise<void> {
    return deps.codes.put(codeHash, grant, new Date(Date.parse(grant.expiresAt) + REMEMBERED_MS));
  }

  function expired(grant: PairingGrant, at: Date): boolean {
    return Date.parse(grant.expiresAt) <= at.getTime();
  }

  /** The grant's user while its issuing device is still theirs and active. */
  async function issuerOf(grant: PairingGrant): Promise<Principal | undefined> {
    const issuer = await deps.auth
      .authenticateDevice(grant.issuedByDeviceId)
      .catch(() => undefined);
    return issuer?.user.id === grant.userId ? issuer : undefined;
  }

  return {
    async create(principal) {
      const code = newSecret();
      const id = hashSecret(code);
      const expiresAt = new Date(now().getTime() + deps.ttlMs).toISOString();
      await keep(id, {
        userId: principal.user.id,
        issuedByDeviceId: principal.device.id,
        expiresAt,
      });
      return { id, code, expiresAt };
    },

    async claim(body, userAgent) {
      const codeHash = hashSecret(body.code);
      const at = now();
      const grant = await deps.codes.take(codeHash, at);
      if (grant === undefined) throw new HubError("NOT_FOUND", UNUSABLE);
      if (grant.usedBy !== undefined || expired(grant, at)) {
        await keep(codeHash, grant);
        throw new HubError("NOT_FOUND", UNUSABLE);
      }
      if ((await issuerOf(grant)) === undefined) throw new HubError("NOT_FOUND", UNUSABLE);
      const login = await deps.auth.loginNewDevice(grant.userId, body, userAgent);
      await keep(codeHash, {
        ...grant,
        usedBy: { deviceId: login.device.id, at: at.toISOString() },
      });
      return login;
    },

    async status(principal, id) {
      const grant = await deps.codes.peek(id, now());
      if (grant?.userId !== principal.user.id)
        throw new HubError("NOT_FOUND", `pairing code ${id} not found`);
      if (grant.usedBy !== undefined) {
        const name = (await deps.devices.nameOf(grant.usedBy.deviceId)) ?? "";
        return {
          state: "used",
          usedAt: grant.usedBy.at,
          device: { id: grant.usedBy.deviceId, name },
        };
      }
      return { state: expired(grant, now()) ? "expired" : "waiting", expiresAt: grant.expiresAt };
    },

    async lookup(body) {
      const grant = await deps.codes.peek(hashSecret(body.code), now());
      if (grant === undefined) throw new HubError("NOT_FOUND", UNUSABLE);
      if (grant.usedBy !== undefined) return { state: "used" };
      if (expired(grant, now())) return { state: "expired" };
      const issuer = await issuerOf(grant);
      if (issuer === undefined) throw new HubError("NOT_FOUND", UNUSABLE);
      return { state: "waiting", username: issuer.user.username, expiresAt: grant.expiresAt };
    },
  };
}
