import type { PublicUser } from "@inquiry-hub/protocol";

/** What a token hash names: its user and its credential's id, neither of which ever changes. */
export interface CredentialIdentity {
  user: PublicUser;
  deviceId: string;
}

/** Past this many, the oldest entry makes room: one per credential in use is plenty. */
const MAX_ENTRIES = 10_000;

/**
 * The identities of credentials already authenticated, by token hash. The stores never change
 * what a hash names (a token is saved once, a device's hash is set at insert, users are never
 * renamed or deleted), so a remembered identity stays true; what can change — revocation,
 * expiry, last seen — lives on the device record, which is read on every request. Only
 * identities that passed authentication are kept, never a miss.
 */
export interface CredentialIdentities {
  get(tokenHash: string): CredentialIdentity | undefined;
  remember(tokenHash: string, identity: CredentialIdentity): void;
}

export function createCredentialIdentities(): CredentialIdentities {
  const byTokenHash = new Map<string, CredentialIdentity>();
  return {
    get: (tokenHash) => byTokenHash.get(tokenHash),
    remember(tokenHash, identity) {
      if (byTokenHash.size >= MAX_ENTRIES && !byTokenHash.has(tokenHash)) {
        const oldest = byTokenHash.keys().next();
        if (oldest.done !== true) byTokenHash.delete(oldest.value);
      }
      byTokenHash.set(
        tokenHash,
        Object.freeze({ ...identity, user: Object.freeze(identity.user) }),
      );
    },
  };
}
