import { MigrationUrlSchema, runKeyMigrationCommand } from "@inquiry-hub/redis-topology";
import { z } from "zod";
import { migrateRunKeys } from "./stores/redis/migrate-run-keys";

/**
 * Moves an existing one-Redis or Sentinel deployment's run keys to the hash-tagged layout
 * (see stores/redis/migrate-run-keys.ts). Stop every agent node first, run this once, start them.
 *
 * @example
 * npm run migrate:redis-keys -w @inquiry-hub/agent -- --url redis://127.0.0.1:6379 --dry-run
 */
const ArgsSchema = z.object({
  url: MigrationUrlSchema,
  prefix: z.string().min(1).default("agent:"),
  "dry-run": z.boolean().default(false),
});

process.exitCode = await runKeyMigrationCommand({
  usage: "usage: migrate-redis-keys --url redis://host:port[/db] [--prefix agent:] [--dry-run]",
  parse: (values) => {
    const args = ArgsSchema.parse(values);
    return { url: args.url, prefix: args.prefix, dryRun: args["dry-run"] };
  },
  migrate: async (redis, args) => {
    const { runKeys, conflicts, unrecognized } = await migrateRunKeys(redis, args);
    return { counts: { runKeys }, conflicts, unrecognized };
  },
});
