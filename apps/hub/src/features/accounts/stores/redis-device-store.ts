import { DeviceKindSchema } from "@inquiry-hub/protocol";
import type { ClientContext, Result } from "ioredis";
import type { RedisClient } from "../../../platform/redis/redis-client";
import { z } from "zod";
import { CREDENTIAL_PURPOSES } from "../ports";
import type { DeviceRecord, DeviceStore } from "../ports";
import type { AccountKeyLayout } from "../../../platform/redis/keys";
import { callRedis } from "../../../platform/redis/redis-errors";

const DeviceRecordSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  kind: DeviceKindSchema,
  tokenHash: z.string(),
  purpose: z.enum(CREDENTIAL_PURPOSES).default("device"),
  expiresAt: z.string().optional(),
  reportsTurn: z.string().optional(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  revokedAt: z.string().optional(),
}) satisfies z.ZodType<DeviceRecord>;

/**
 * KEYS: device hash. ARGV: field/value pairs… Creates the device hash unless the id exists
 * (returns 0 then).
 */
const CREATE_DEVICE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV))
return 1
`;

/** KEYS: device hash. ARGV: field/value pairs. Updates a device that exists; ignores others. */
const UPDATE_DEVICE = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV))
return 1
`;

/** KEYS: device hash. ARGV: revokedAt. 1 when this call revoked it (the compare-and-set). */
const REVOKE_DEVICE = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
return redis.call('HSETNX', KEYS[1], 'revokedAt', ARGV[1])
`;

declare module "ioredis" {
  interface RedisCommander<Context extends ClientContext = { type: "default" }> {
    inquiryHubCreateDevice(deviceKey: string, ...fields: string[]): Result<unknown, Context>;
    inquiryHubUpdateDevice(deviceKey: string, ...fields: string[]): Result<unknown, Context>;
    inquiryHubRevokeDevice(deviceKey: string, revokedAt: string): Result<unknown, Context>;
  }
}

/** Defined fields as flat field/value pairs for HSET. */
function toFields(values: Partial<Record<string, string>>): string[] {
  return Object.entries(values).flatMap(([field, value]) =>
    value === undefined ? [] : [field, value],
  );
}

function parseDevice(fields: Record<string, string>): DeviceRecord | undefined {
  return Object.keys(fields).length === 0 ? undefined : DeviceRecordSchema.parse(fields);
}

/**
 * Devices shared by every hub node: a login on node A authenticates on node B, and a
 * revocation made anywhere is seen everywhere at the next request. Each device is a hash
 * (no JSON to rewrite), so `revoke` is one HSETNX: atomic across nodes. Device records do
 * not expire; revoked ones stay for the audit trail, as in memory.
 */
export function createRedisDeviceStore(redis: RedisClient, keys: AccountKeyLayout): DeviceStore {
  redis.defineCommand("inquiryHubCreateDevice", { numberOfKeys: 1, lua: CREATE_DEVICE });
  redis.defineCommand("inquiryHubUpdateDevice", { numberOfKeys: 1, lua: UPDATE_DEVICE });
  redis.defineCommand("inquiryHubRevokeDevice", { numberOfKeys: 1, lua: REVOKE_DEVICE });

  async function get(id: string): Promise<DeviceRecord | undefined> {
    return parseDevice(await callRedis("read device", () => redis.hgetall(keys.device(id))));
  }

  return {
    // The device, the user's index and the credential live in three slots, so three steps,
    // ordered so a crash leaves nothing unsafe: the record, then the listing (a half-made
    // device is visible and revocable, never hidden), and the credential last, because it
    // is what makes the device usable. A taken credential undoes the first two.
    async insert(device) {
      const created = await callRedis("insert device", () =>
        redis.inquiryHubCreateDevice(keys.device(device.id), ...toFields({ ...device })),
      );
      if (created !== 1) throw new Error(`duplicate device ${device.id}`);
      const userDevices = keys.userDevices(device.userId);
      await callRedis("insert device", () =>
        redis.zadd(userDevices, Date.parse(device.firstSeenAt), device.id),
      );
      const credential = await callRedis("insert device", () =>
        redis.set(keys.deviceByToken(device.tokenHash), device.id, "NX"),
      );
      if (credential === "OK") return;
      await callRedis("insert device", () =>
        Promise.all([redis.zrem(userDevices, device.id), redis.del(keys.device(device.id))]),
      );
      throw new Error(`duplicate device credential for ${device.id}`);
    },

    get,

    async findByTokenHash(tokenHash) {
      const id = await callRedis("find device", () => redis.get(keys.deviceByToken(tokenHash)));
      return id === null ? undefined : get(id);
    },

    async listByUser(userId) {
      const ids = await callRedis("list devices", () =>
        redis.zrange(keys.userDevices(userId), 0, -1),
      );
      const devices = await Promise.all(ids.map((id) => get(id)));
      return devices.filter((device) => device !== undefined);
    },

    async update(id, patch) {
      const fields = toFields(patch);
      if (fields.length === 0) return;
      await callRedis("update device", () =>
        redis.inquiryHubUpdateDevice(keys.device(id), ...fields),
      );
    },

    async revoke(id, revokedAt) {
      const reply = await callRedis("revoke device", () =>
        redis.inquiryHubRevokeDevice(keys.device(id), revokedAt),
      );
      return reply === 1;
    },
  };
}
