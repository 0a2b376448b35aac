import type { CredentialKind, DeviceKind } from "@inquiry-hub/protocol";

/**
 * What a credential was issued for. `device`: a person's login or pairing. `agent-run`: one
 * chat run's agent, minted by the web and revoked when the run ends. `agent-key`: a key a
 * person created for an external agent.
 */
export const CREDENTIAL_PURPOSES = ["device", "agent-run", "agent-key"] as const;
export type CredentialPurpose = (typeof CREDENTIAL_PURPOSES)[number];

/** The kind of principal a purpose makes: only a device speaks for the person. */
export function credentialKindOf(purpose: CredentialPurpose): CredentialKind {
  return purpose === "device" ? "person" : "agent";
}

/** The conversation turn a chat run answers. */
export interface RunTurn {
  conversationId: string;
  turnId: string;
}

/** How a run credential names the one turn it may report (`DeviceRecord.reportsTurn`). */
export function reportedTurnKey(turn: RunTurn): string {
  return `${turn.conversationId}/${turn.turnId}`;
}

/**
 * A stored credential: a device (one login or pairing of a user) or an agent credential,
 * bound to exactly one bearer token through `tokenHash`. Revoking sets `revokedAt`; the record
 * stays for the audit trail but the credential never authenticates again.
 */
export interface DeviceRecord {
  id: string;
  userId: string;
  name: string;
  kind: DeviceKind;
  /** What the credential is for; records stored before agent credentials are devices. */
  purpose: CredentialPurpose;
  /**
   * Fixed end of an agent credential's life. Devices have none: they expire after a period
   * without use (sliding, from `lastSeenAt`).
   */
  expiresAt?: string;
  /**
   * An agent-run credential's one conversation turn, `<conversationId>/<turnId>`: the only turn
   * the run may report. Absent: it reports none (so a run cannot write into other chats).
   */
  reportsTurn?: string;
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
 * Which devices have a live socket. Counted per connection, because one device may hold
 * several sockets (two tabs sharing a credential, a reconnect overlapping the old socket).
 */
export interface DevicePresence {
  connected(deviceId: string): Promise<void>;
  disconnected(deviceId: string): Promise<void>;
  /** The subset of `deviceIds` with at least one connected socket. */
  onlineAmong(deviceIds: readonly string[]): Promise<ReadonlySet<string>>;
}

/** A stored user; `passwordHash` is a self-describing scrypt string, never sent out. */
export interface UserRecord {
  id: string;
  username: string;
  passwordHash: string;
  createdAt: string;
}

/** Users by id and by (case-insensitive) username. */
export interface UserStore {
  /** Stores the user unless the username is taken; returns false when it is. */
  create(user: UserRecord): Promise<boolean>;
  /**
   * Stores the user only while no account exists at all (registration closed after the first
   * account); false otherwise. Of first registrations racing, exactly one wins.
   */
  createFirst(user: UserRecord): Promise<boolean>;
  findByUsername(username: string): Promise<UserRecord | undefined>;
  findById(id: string): Promise<UserRecord | undefined>;
}

/** Bearer tokens, kept only as sha256 hashes so a leaked store does not leak credentials. */
export interface TokenStore {
  save(tokenHash: string, userId: string): Promise<void>;
  findUserId(tokenHash: string): Promise<string | undefined>;
}
