import { randomUUID } from "node:crypto";
import type { Device, DeviceHint } from "@inquiry-hub/protocol";
import { describeUserAgent, distinctName } from "./device-naming";
import type { CredentialPurpose, DevicePresence, DeviceRecord, DeviceStore } from "./ports";
import type { Logger } from "../../kernel/ports";
import { HubError } from "../../kernel/errors";

/** lastSeenAt is written at most this often per device from HTTP traffic (sockets always write). */
const SEEN_WRITE_INTERVAL_MS = 30_000;

/**
 * The registry of a user's devices: creation at login/pairing, presence, last seen, revocation.
 * Revocation is announced to `onRevoked` listeners so transports can cut live connections
 * (sockets, MCP sessions) at once; the credential itself is refused by `findActive`.
 */
export interface DeviceService {
  /**
   * Records a new device for a credential; the name is the hint's, else derived from the UA
   * and numbered when the user already has a device of that name ("Chrome on Linux 2").
   */
  create(
    userId: string,
    tokenHash: string,
    hint: DeviceHint,
    userAgent?: string,
  ): Promise<DeviceRecord>;
  /**
   * Records an agent credential (a chat run's, or an agent key) of `userId`. It is stored
   * beside the devices so authentication, revocation and "close its MCP sessions" are one path.
   */
  createAgentCredential(
    userId: string,
    tokenHash: string,
    agent: {
      purpose: Exclude<CredentialPurpose, "device">;
      name: string;
      expiresAt: Date;
      reportsTurn?: string | undefined;
    },
  ): Promise<DeviceRecord>;
  /** The user's credentials issued for `purpose`, revoked ones included, oldest first. */
  listByPurpose(userId: string, purpose: CredentialPurpose): Promise<DeviceRecord[]>;
  /** The device if it exists and is not revoked. */
  findActive(deviceId: string): Promise<DeviceRecord | undefined>;
  findActiveByTokenHash(tokenHash: string): Promise<DeviceRecord | undefined>;
  /** The user's non-revoked person devices on the wire, `current` marking the caller's own. */
  list(userId: string, currentDeviceId: string): Promise<Device[]>;
  /** One device on the wire, with live `online`. */
  describe(device: DeviceRecord, currentDeviceId: string): Promise<Device>;
  /** Revokes one of the user's own devices; NOT_FOUND for unknown, foreign or revoked ids. */
  revoke(userId: string, deviceId: string): Promise<void>;
  onRevoked(listener: (device: DeviceRecord) => void): () => void;
  /**
   * Marks the device seen now: throttled unless `force`, except the first use, which is always
   * written so an agent key shows "last used" from its first call on.
   */
  seen(device: DeviceRecord, force?: boolean): Promise<void>;
  rename(device: DeviceRecord, name: string): Promise<void>;
  /**
   * Renames one of the user's own active devices and returns it on the wire as `viewer` sees
   * it; NOT_FOUND for unknown, foreign, revoked ids and agent credentials.
   */
  renameOwn(userId: string, deviceId: string, name: string, viewer: string): Promise<Device>;
  /** The device's current name, for "answered on <device>" messages. */
  nameOf(deviceId: string): Promise<string | undefined>;
  presence: DevicePresence;
}

/** Wires the registry to its store and presence tracker. */
export function createDeviceService(deps: {
  store: DeviceStore;
  presence: DevicePresence;
  logger: Logger;
  now?: () => Date;
}): DeviceService {
  const now = deps.now ?? (() => new Date());
  const listeners = new Set<(device: DeviceRecord) => void>();

  async function findActive(deviceId: string): Promise<DeviceRecord | undefined> {
    const device = await deps.store.get(deviceId);
    return device?.revokedAt === undefined ? device : undefined;
  }

  async function activeDevicesOf(userId: string): Promise<DeviceRecord[]> {
    return (await deps.store.listByUser(userId)).filter(
      (device) => device.revokedAt === undefined && device.purpose === "device",
    );
  }

  function toWire(device: DeviceRecord, online: boolean, currentDeviceId: string): Device {
    return {
      id: device.id,
      name: device.name,
      kind: device.kind,
      firstSeenAt: device.firstSeenAt,
      lastSeenAt: device.lastSeenAt,
      online,
      current: device.id === currentDeviceId,
    };
  }

  return {
    async create(userId, tokenHash, hint, userAgent) {
      const derived = describeUserAgent(hint.userAgent ?? userAgent);
      const at = now().toISOString();
      const taken = async () => (await activeDevicesOf(userId)).map((device) => device.name);
      const device: DeviceRecord = {
        id: randomUUID(),
        userId,
        name: hint.deviceName ?? distinctName(derived.name, await taken()),
        kind: derived.kind,
        purpose: "device",
        tokenHash,
        firstSeenAt: at,
        lastSeenAt: at,
      };
      await deps.store.insert(device);
      return device;
    },

    async createAgentCredential(userId, tokenHash, agent) {
      const at = now().toISOString();
      const credential: DeviceRecord = {
        id: randomUUID(),
        userId,
        name: agent.name,
        kind: "desktop",
        purpose: agent.purpose,
        expiresAt: agent.expiresAt.toISOString(),
        ...(agent.reportsTurn === undefined ? {} : { reportsTurn: agent.reportsTurn }),
        tokenHash,
        firstSeenAt: at,
        lastSeenAt: at,
      };
      await deps.store.insert(credential);
      return credential;
    },

    async listByPurpose(userId, purpose) {
      return (await deps.store.listByUser(userId)).filter(
        (credential) => credential.purpose === purpose,
      );
    },

    findActive,

    async findActiveByTokenHash(tokenHash) {
      const device = await deps.store.findByTokenHash(tokenHash);
      return device?.revokedAt === undefined ? device : undefined;
    },

    async list(userId, currentDeviceId) {
      const active = await activeDevicesOf(userId);
      const online = await deps.presence.onlineAmong(active.map((device) => device.id));
      return active.map((device) => toWire(device, online.has(device.id), currentDeviceId));
    },

    async describe(device, currentDeviceId) {
      const online = await deps.presence.onlineAmong([device.id]);
      return toWire(device, online.has(device.id), currentDeviceId);
    },

    async revoke(userId, deviceId) {
      const device = await findActive(deviceId);
      if (device?.userId !== userId || !(await deps.store.revoke(deviceId, now().toISOString())))
        throw new HubError("NOT_FOUND", `device ${deviceId} not found`);
      for (const listener of [...listeners]) {
        try {
          listener(device);
        } catch (error) {
          deps.logger.error({ err: error, deviceId }, "device revocation listener failed");
        }
      }
    },

    onRevoked(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    async seen(device, force = false) {
      const at = now();
      const firstUse = device.lastSeenAt === device.firstSeenAt;
      if (
        !force &&
        !firstUse &&
        at.getTime() - Date.parse(device.lastSeenAt) < SEEN_WRITE_INTERVAL_MS
      )
        return;
      await deps.store.update(device.id, { lastSeenAt: at.toISOString() });
    },

    async rename(device, name) {
      if (name !== device.name) await deps.store.update(device.id, { name });
    },

    async renameOwn(userId, deviceId, name, viewer) {
      const device = await findActive(deviceId);
      if (device?.userId !== userId || device.purpose !== "device")
        throw new HubError("NOT_FOUND", `device ${deviceId} not found`);
      await deps.store.update(deviceId, { name });
      const online = await deps.presence.onlineAmong([deviceId]);
      return toWire({ ...device, name }, online.has(deviceId), viewer);
    },

    async nameOf(deviceId) {
      return (await deps.store.get(deviceId))?.name;
    },

    presence: deps.presence,
  };
}
