import { MigrationUrlSchema, runKeyMigrationCommand } from "@inquiry-hub/redis-topology";
import { z } from "zod";
import { KeyPrefixSchema } from "./platform/redis/keys";
import { DEFAULT_HISTORY_TTL_SECONDS, migrateKeyLayout } from "./platform/redis/migrate-key-layout";

/**
 * Moves an existing one-Redis or Sentinel deployment to the hash-tagged key layout (see
 * platform/redis/migrate-key-layout.ts). Stop every hub node first, run this once, start them.
 *
 * @example
 * npm run migrate:redis-keys -w @inquiry-hub/hub -- --url redis://127.0.0.1:6379 --dry-run
 */
const ArgsSchema = z.object({
  url: MigrationUrlSchema,
  prefix: KeyPrefixSchema.default("ih:"),
  "history-ttl-seconds": z.coerce.number().int().positive().default(DEFAULT_HISTORY_TTL_SECONDS),
  "dry-run": z.boolean().default(false),
});

process.exitCode = await runKeyMigrationCommand({
  usage:
    "usage: migrate-redis-keys --url redis://host:port[/db] [--prefix ih:] [--history-ttl-seconds 604800] [--dry-run]",
  extraOptions: { "history-ttl-seconds": { type: "string" } },
  parse: (values) => {
    const args = ArgsSchema.parse(values);
    return {
      url: args.url,
      prefix: args.prefix,
      dryRun: args["dry-run"],
      historyTtlSeconds: args["history-ttl-seconds"],
    };
  },
  migrate: async (redis, args) => {
    const { conflicts, unrecognized, ...counts } = await migrateKeyLayout(redis, args);
    return { counts, conflicts, unrecognized };
  },
});
