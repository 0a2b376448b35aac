import { DeviceKindSchema } from "@inquiry-hub/protocol";
import type { ClientContext, Redis, Result } from "ioredis";
import { z } from "zod";
import { CREDENTIAL_PURPOSES } from "../../core/accounts/ports";
import type { DeviceRecord, DeviceStore } from "../../core/accounts/ports";
import type { AccountKeyLayout } from "./keys";
import { callRedis } from "./redis-errors";

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
 * KEYS: device hash, token → device key, user's device index. ARGV: id, firstSeenAt score,
 * field/value pairs… Refuses (returns 0) a duplicate id or credential, else writes all three.
 */
const INSERT_DEVICE = `
if redis.call('EXISTS', KEYS[1]) == 1 or redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV, 3))
redis.call('SET', KEYS[2], ARGV[1])
redis.call('ZADD', KEYS[3], ARGV[2], ARGV[1])
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
    inquiryHubInsertDevice(
      deviceKey: string,
      tokenKey: string,
      userDevicesKey: string,
      ...args: (string | number)[]
    ): Result<unknown, Context>;
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
export function createRedisDeviceStore(redis: Redis, keys: AccountKeyLayout): DeviceStore {
  redis.defineCommand("inquiryHubInsertDevice", { numberOfKeys: 3, lua: INSERT_DEVICE });
  redis.defineCommand("inquiryHubUpdateDevice", { numberOfKeys: 1, lua: UPDATE_DEVICE });
  redis.defineCommand("inquiryHubRevokeDevice", { numberOfKeys: 1, lua: REVOKE_DEVICE });

  async function get(id: string): Promise<DeviceRecord | undefined> {
    return parseDevice(await callRedis("read device", () => redis.hgetall(keys.device(id))));
  }

  return {
    async insert(device) {
      const reply = await callRedis("insert device", () =>
        redis.inquiryHubInsertDevice(
          keys.device(device.id),
          keys.deviceByToken(device.tokenHash),
          keys.userDevices(device.userId),
          device.id,
          Date.parse(device.firstSeenAt),
          ...toFields({ ...device }),
        ),
      );
      if (reply !== 1) throw new Error(`duplicate device ${device.id}`);
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
