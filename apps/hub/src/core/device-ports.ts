import type { DeviceKind } from "@inquiry-hub/protocol";

/**
 * A stored device: one login (or pairing) of a user, bound to exactly one bearer credential
 * through `tokenHash`. Revoking sets `revokedAt`; the record stays for the audit trail but the
 * credential never authenticates again.
 */
export interface DeviceRecord {
  id: string;
  userId: string;
  name: string;
  kind: DeviceKind;
  /** sha256 (base64url) of the device's bearer token; the token itself is never stored. */
  tokenHash: string;
  firstSeenAt: string;
  lastSeenAt: string;
  revokedAt?: string;
}

/** Devices by id, by credential hash and by user. A Redis version can follow the memory one. */
export interface DeviceStore {
  insert(device: DeviceRecord): Promise<void>;
  get(id: string): Promise<DeviceRecord | undefined>;
  findByTokenHash(tokenHash: string): Promise<DeviceRecord | undefined>;
  /** All of the user's devices, revoked ones included, oldest first. */
  listByUser(userId: string): Promise<DeviceRecord[]>;
  /** Changes name and/or lastSeenAt of a device; unknown ids are ignored. */
  update(id: string, patch: Partial<Pick<DeviceRecord, "name" | "lastSeenAt">>): Promise<void>;
  /** Sets `revokedAt` unless already set; true when this call revoked it (atomic). */
  revoke(id: string, revokedAt: string): Promise<boolean>;
}

/**
 * Short-lived single-use secrets (pairing codes, socket tickets), keyed by their sha256 hash so
 * lookup by hash makes the comparison constant-time by construction. `take` must be atomic:
 * of two concurrent takes of one secret, exactly one gets the value.
 */
export interface OneTimeSecretStore<Value> {
  put(secretHash: string, value: Value, expiresAt: Date): Promise<void>;
  /** Removes and returns the value if it exists and has not expired at `now`. */
  take(secretHash: string, now: Date): Promise<Value | undefined>;
}

/**
 * Which devices have a live socket. Counted per connection, because one device may hold
 * several sockets (two tabs sharing a credential, a reconnect overlapping the old socket).
 */
export interface DevicePresence {
  connected(deviceId: string): Promise<void>;
  disconnected(deviceId: string): Promise<void>;
  /** The subset of `deviceIds` with at least one connected socket. */
  onlineAmong(deviceIds: readonly string[]): Promise<ReadonlySet<string>>;
}
