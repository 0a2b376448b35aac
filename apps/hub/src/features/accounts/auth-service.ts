import { randomUUID } from "node:crypto";
import type {
  AuthResponse,
  CredentialKind,
  DeviceHint,
  LoginBody,
  PublicUser,
} from "@inquiry-hub/protocol";
import { createCredentialIdentities } from "./credential-identities";
import { credentialKindOf } from "./ports";
import type { DeviceRecord } from "./ports";
import type { DeviceService } from "./device-service";
import { HubError } from "../../kernel/errors";
import { hashPassword, verifyPassword } from "./password";
import type { TokenStore, UserRecord, UserStore } from "./ports";
import { hashSecret, newSecret } from "../../kernel/secrets";

/**
 * Who is calling: the user, the one credential that was presented (a device, or an agent
 * credential stored beside the devices) and what kind of principal that makes.
 */
export interface Principal {
  user: PublicUser;
  device: DeviceRecord;
  /** `person` for a device; `agent` for a chat run's credential or an agent key. */
  kind: CredentialKind;
}

/**
 * Register, log in, and resolve a credential to its principal. Every successful register,
 * login or pairing claim creates a new device with its own token, so each device can be
 * revoked on its own.
 */
export interface AuthService {
  /** `userAgent` is the request's User-Agent, used when the body gives no device hint. */
  register(body: LoginBody, userAgent?: string): Promise<AuthResponse>;
  login(body: LoginBody, userAgent?: string): Promise<AuthResponse>;
  /** Logs a new device in as an existing user without a password (pairing claim). */
  loginNewDevice(userId: string, hint: DeviceHint, userAgent?: string): Promise<AuthResponse>;
  /**
   * The token's principal, or UNAUTHORIZED (unknown token, revoked or expired credential,
   * deleted user). A device expires after `deviceIdleMs` without use; an agent credential at
   * its `expiresAt`.
   */
  authenticate(token: string): Promise<Principal>;
  /** The principal of a device id (e.g. from a socket ticket), or UNAUTHORIZED if revoked or expired. */
  authenticateDevice(deviceId: string): Promise<Principal>;
}

const INVALID_CREDENTIAL = "invalid or expired token";

/**
 * Who may register: `open` = anyone who picks a free username; `first-account` = only the
 * first account, then nobody (LAN mode: anyone on the Wi-Fi reaches the sign-up page).
 */
export type RegistrationPolicy = "open" | "first-account";

/**
 * The one answer to every refused registration, a taken name and a closed hub alike, so a
 * refusal never tells whether a username exists beyond what the policy itself reveals.
 */
export const REGISTRATION_REFUSED =
  "this account cannot be created here: log in if you have one, or ask the hub's owner";

function toPublicUser(user: UserRecord): PublicUser {
  return { id: user.id, username: user.username };
}

/**
 * Creates the auth service. Tokens are 32 random bytes (base64url) stored only as sha256: the
 * token store maps the hash to the user, the device registry binds it to one device and is
 * the authority on revocation. Once a token has authenticated, its user and device id are
 * remembered (they never change, see credential-identities.ts) and later requests read only
 * the device record, fresh each time, so a revocation or expiry still refuses the next request. Login of an unknown user still runs scrypt so timing does not
 * reveal which usernames exist; every refused registration hashes the password first and
 * answers REGISTRATION_REFUSED, whatever the reason.
 */
export function createAuthService(deps: {
  users: UserStore;
  tokens: TokenStore;
  devices: DeviceService;
  /** A device unused for this long must log in again (sliding lifetime). */
  deviceIdleMs: number;
  registration: RegistrationPolicy;
  now?: () => Date;
}): AuthService {
  const now = deps.now ?? (() => new Date());
  const decoyHash = hashPassword(randomUUID());
  const identities = createCredentialIdentities();

  async function issueDevice(
    user: PublicUser,
    hint: DeviceHint,
    userAgent: string | undefined,
  ): Promise<AuthResponse> {
    const token = newSecret();
    const tokenHash = hashSecret(token);
    await deps.tokens.save(tokenHash, user.id);
    const device = await deps.devices.create(user.id, tokenHash, hint, userAgent);
    return { token, user, device: await deps.devices.describe(device, device.id) };
  }

  function hasExpired(credential: DeviceRecord): boolean {
    const endsAt =
      credential.expiresAt === undefined
        ? Date.parse(credential.lastSeenAt) + deps.deviceIdleMs
        : Date.parse(credential.expiresAt);
    return endsAt <= now().getTime();
  }

  /** The principal of an active credential; its user is read unless `knownUser` is given. */
  async function principalOf(
    device: DeviceRecord | undefined,
    knownUser?: PublicUser,
  ): Promise<Principal> {
    if (device !== undefined && hasExpired(device))
      throw new HubError("UNAUTHORIZED", "credential expired: log in again");
    const stored =
      knownUser === undefined && device !== undefined
        ? await deps.users.findById(device.userId)
        : undefined;
    const user = knownUser ?? (stored === undefined ? undefined : toPublicUser(stored));
    if (device === undefined || user === undefined)
      throw new HubError("UNAUTHORIZED", INVALID_CREDENTIAL);
    return { user, device, kind: credentialKindOf(device.purpose) };
  }

  return {
    async register(body, userAgent) {
      const user: UserRecord = {
        id: randomUUID(),
        username: body.username,
        passwordHash: await hashPassword(body.password),
        createdAt: new Date().toISOString(),
      };
      const created =
        deps.registration === "first-account"
          ? await deps.users.createFirst(user)
          : await deps.users.create(user);
      if (!created) throw new HubError("FORBIDDEN", REGISTRATION_REFUSED);
      return issueDevice(toPublicUser(user), body, userAgent);
    },

    async login(body, userAgent) {
      const user = await deps.users.findByUsername(body.username);
      const valid = await verifyPassword(body.password, user?.passwordHash ?? (await decoyHash));
      if (user === undefined || !valid)
        throw new HubError("UNAUTHORIZED", "invalid username or password");
      return issueDevice(toPublicUser(user), body, userAgent);
    },

    async loginNewDevice(userId, hint, userAgent) {
      const user = await deps.users.findById(userId);
      if (user === undefined) throw new HubError("NOT_FOUND", `user ${userId} not found`);
      return issueDevice(toPublicUser(user), hint, userAgent);
    },

    async authenticate(token) {
      const tokenHash = hashSecret(token);
      const known = identities.get(tokenHash);
      if (known !== undefined)
        return principalOf(await deps.devices.findActive(known.deviceId), known.user);
      const [userId, device] = await Promise.all([
        deps.tokens.findUserId(tokenHash),
        deps.devices.findActiveByTokenHash(tokenHash),
      ]);
      const principal = await principalOf(device?.userId === userId ? device : undefined);
      identities.remember(tokenHash, { user: principal.user, deviceId: principal.device.id });
      return principal;
    },

    async authenticateDevice(deviceId) {
      return principalOf(await deps.devices.findActive(deviceId));
    },
  };
}
