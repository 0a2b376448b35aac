import type { Logger } from "@inquiry-hub/logging";
import { openRedisClient, topologyFrom } from "@inquiry-hub/redis-topology";
import type { RedisClient, RedisClientSpec, RedisTopology } from "@inquiry-hub/redis-topology";
import { z } from "zod";
import { createChannelListeners } from "./redis-channel-listeners";
import { runKeysUnder } from "./redis-run-keys";
import { RUN_SCRIPTS, runScript } from "./redis-run-scripts";
import type { RunRecord, RunStore } from "../../runs/ports";
import { CorruptRunRecordError, decodeRunRecord, parseStoredJson } from "../run-record-schema";

/** The run hash as Redis returns it (HGETALL: every field a string). */
const StoredRunHashSchema = z.object({
  base: z.string(),
  status: z.string(),
  checkpoint: z.string(),
  finishedAt: z.string().optional(),
});

/** XRANGE's reply: `[entryId, [field, value, …]]` per entry. */
const StreamEntriesSchema = z.array(z.tuple([z.string(), z.array(z.string())]));

/** What the append channel carries: the new event's id. */
const EventIdSchema = z.coerce.number().int().positive();

/** Options of the Redis store. */
export interface RedisRunStoreOptions {
  /** One Redis, `redis://…`: short for `topology: { kind: "single", url }`. */
  url?: string;
  /** One Redis, Sentinel or Cluster (REDIS_URL / REDIS_SENTINELS / REDIS_CLUSTER_NODES). */
  topology?: RedisTopology;
  /** Prefix of every key and channel; default `agent:`. */
  keyPrefix?: string;
  /** How long a finished run and its log stay readable. */
  ttlMs: number;
  /** Where connection trouble and malformed messages are reported. */
  logger: Logger;
}

/** Reconnect quickly (100 ms, 200 ms, … capped at 1 s). */
const retryStrategy = (attempt: number): number => Math.min(attempt * 100, 1_000);

/**
 * Commands fail after one retry instead of hanging the run; the subscriber waits for Redis
 * however long it takes and re-subscribes by itself after a reconnect.
 */
const CONNECTION_OPTIONS = {
  commands: { maxRetriesPerRequest: 1, commandTimeout: 5_000, retryStrategy },
  subscriber: { maxRetriesPerRequest: null, autoResubscribe: true, retryStrategy },
} satisfies Record<string, RedisClientSpec["options"]>;

function connect(
  topology: RedisTopology,
  role: keyof typeof CONNECTION_OPTIONS,
  logger: Logger,
): RedisClient {
  const redis = openRedisClient(topology, {
    name: `agent-runs-${role}`,
    options: CONNECTION_OPTIONS[role],
  });
  let down = false;
  redis.on("error", (error: Error) => {
    if (down) return;
    down = true;
    logger.warn({ err: error, role }, "run store: redis connection failed; retrying");
  });
  redis.on("ready", () => {
    if (down) logger.info({ role }, "run store: redis connection restored");
    down = false;
  });
  return redis;
}

/**
 * The RunStore of several agent nodes sharing one Redis: a hash per run, a Redis Stream per
 * run's log (entry ids `<n>-0`, so the SSE ids 1, 2, 3 are the stream's own), the running
 * runs in a set, leases as keys with a PX expiry. Changes that check before they write are Lua
 * scripts (atomic); an append publishes the new id, so `watch` on any node hears it, and a
 * cancel request is published on one channel every node listens to. Once a run is final, its
 * hash and log expire `ttlMs` later. Records are decoded with zod: a corrupted one is a
 * CorruptRunRecordError naming the run.
 */
export function createRedisRunStore(options: RedisRunStoreOptions): RunStore {
  const { ttlMs, logger } = options;
  const keys = runKeysUnder(options.keyPrefix ?? "agent:");
  const topology = topologyFrom(options);
  const commands = connect(topology, "commands", logger);
  const subscriber = connect(topology, "subscriber", logger);
  const channels = createChannelListeners(subscriber, (error) =>
    logger.error({ err: error }, "run store: a listener failed"),
  );

  const run = (script: keyof typeof RUN_SCRIPTS, scriptKeys: string[], args: (string | number)[]) =>
    runScript(commands, RUN_SCRIPTS[script], scriptKeys, args);

  return {
    async create(record) {
      const { status, checkpoint, finishedAt, ...base } = record;
      // `running` spans every run (another Redis Cluster slot): listed before the record
      // exists, so no running run is ever missing from it (see redis-run-keys.ts).
      const listed = status === "running" ? await commands.sadd(keys.running, record.id) : 0;
      const created = await run(
        "create",
        [keys.run(record.id), keys.log(record.id), keys.lease(record.id)],
        [JSON.stringify(base), status, JSON.stringify(checkpoint), finishedAt ?? ""],
      );
      if (created === 1) return;
      if (listed === 1) await commands.srem(keys.running, record.id);
      throw new Error(`run ${record.id} already exists`);
    },
    async get(runId): Promise<RunRecord | undefined> {
      const fields = await commands.hgetall(keys.run(runId));
      if (Object.keys(fields).length === 0) return undefined;
      const parsed = StoredRunHashSchema.safeParse(fields);
      if (!parsed.success) throw new CorruptRunRecordError(runId, z.prettifyError(parsed.error));
      const { base, status, checkpoint, finishedAt } = parsed.data;
      const fixed = z.looseObject({}).safeParse(parseStoredJson(runId, base));
      if (!fixed.success) throw new CorruptRunRecordError(runId, "its fields are not an object");
      return decodeRunRecord(runId, {
        ...fixed.data,
        status,
        checkpoint: parseStoredJson(runId, checkpoint),
        ...(finishedAt === undefined ? {} : { finishedAt }),
      });
    },
    async saveCheckpoint(runId, checkpoint) {
      await run("saveCheckpoint", [keys.run(runId)], [JSON.stringify(checkpoint)]);
    },
    async finish(runId, status, finishedAt) {
      const finished = await run(
        "finish",
        [keys.run(runId), keys.log(runId), keys.lease(runId)],
        [status, finishedAt, Math.max(1, Math.ceil(ttlMs))],
      );
      // Unlisted after the record is final, whoever finished it (also completes a finish
      // that crashed before this step).
      await commands.srem(keys.running, runId);
      return finished === 1;
    },
    async append(runId, data) {
      const id = await run(
        "append",
        [keys.run(runId), keys.log(runId)],
        [data, keys.appendedChannel(runId)],
      );
      if (typeof id !== "number" || id < 1) throw new Error(`run ${runId} not found`);
      return id;
    },
    async read(runId, afterId, limit) {
      if (limit < 1) return [];
      const start = `${Math.floor(afterId) + 1}-0`;
      const reply = await commands.xrange(keys.log(runId), start, "+", "COUNT", limit);
      const entries = StreamEntriesSchema.safeParse(reply);
      if (!entries.success)
        throw new CorruptRunRecordError(runId, "its log is not a stream of events");
      return entries.data.map(([entryId, fields]) => ({
        id: Number.parseInt(entryId, 10),
        data: fields[fields.indexOf("data") + 1] ?? "",
      }));
    },
    watch(runId, listener) {
      return channels.listen(keys.appendedChannel(runId), (message) => {
        const id = EventIdSchema.safeParse(message);
        if (id.success) listener(id.data);
        else logger.warn({ runId, message }, "run store: dropped a malformed append notice");
      });
    },
    async requestCancel(runId) {
      await commands.publish(keys.cancelChannel, runId);
    },
    onCancelRequested(listener) {
      return channels.listen(keys.cancelChannel, listener);
    },
    listRunning() {
      return commands.smembers(keys.running);
    },
    async claim(runId, nodeId, leaseMs) {
      const claimed = await run(
        "claim",
        [keys.run(runId), keys.lease(runId)],
        [nodeId, Math.max(1, Math.ceil(leaseMs))],
      );
      return claimed === 1;
    },
    async release(runId, nodeId) {
      await run("release", [keys.lease(runId)], [nodeId]);
    },
    readiness() {
      if (commands.status !== "ready")
        return { ready: false, reason: "redis command connection is not ready" };
      if (subscriber.status !== "ready")
        return { ready: false, reason: "redis subscriber connection is not ready" };
      return { ready: true };
    },
    async close() {
      await Promise.all([commands.quit(), subscriber.quit()]);
    },
  };
}
