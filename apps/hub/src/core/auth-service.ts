import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { AuthResponse, Credentials, PublicUser } from "@inquiry-hub/protocol";
import { HubError } from "./errors";
import { hashPassword, verifyPassword } from "./password";
import type { TokenStore, UserRecord, UserStore } from "./ports";

/** Register, log in, and resolve a bearer token to its user. */
export interface AuthService {
  register(credentials: Credentials): Promise<AuthResponse>;
  login(credentials: Credentials): Promise<AuthResponse>;
  /** The token's user, or UNAUTHORIZED. */
  authenticate(token: string): Promise<PublicUser>;
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

function toPublicUser(user: UserRecord): PublicUser {
  return { id: user.id, username: user.username };
}

/**
 * Creates the auth service. Tokens are 32 random bytes (base64url) stored only as sha256.
 * Login of an unknown user still runs scrypt so timing does not reveal which usernames exist.
 */
export function createAuthService(deps: { users: UserStore; tokens: TokenStore }): AuthService {
  const decoyHash = hashPassword(randomUUID());

  async function issueToken(user: UserRecord): Promise<AuthResponse> {
    const token = randomBytes(32).toString("base64url");
    await deps.tokens.save(hashToken(token), user.id);
    return { token, user: toPublicUser(user) };
  }

  return {
    async register(credentials) {
      const user: UserRecord = {
        id: randomUUID(),
        username: credentials.username,
        passwordHash: await hashPassword(credentials.password),
        createdAt: new Date().toISOString(),
      };
      if (!(await deps.users.create(user))) {
        throw new HubError("CONFLICT", `username "${credentials.username}" is already taken`);
      }
      return issueToken(user);
    },

    async login(credentials) {
      const user = await deps.users.findByUsername(credentials.username);
      const valid = await verifyPassword(
        credentials.password,
        user?.passwordHash ?? (await decoyHash),
      );
      if (user === undefined || !valid)
        throw new HubError("UNAUTHORIZED", "invalid username or password");
      return issueToken(user);
    },

    async authenticate(token) {
      const userId = await deps.tokens.findUserId(hashToken(token));
      const user = userId === undefined ? undefined : await deps.users.findById(userId);
      if (user === undefined) throw new HubError("UNAUTHORIZED", "invalid or expired token");
      return toPublicUser(user);
    },
  };
}
