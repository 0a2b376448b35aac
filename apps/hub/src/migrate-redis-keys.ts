import { parseArgs } from "node:util";
import { Redis } from "ioredis";
import { z } from "zod";
import { KeyPrefixSchema } from "./infra/redis/keys";
import { migrateKeyLayout } from "./infra/redis/migrate-key-layout";

/**
 * Moves an existing one-Redis or Sentinel deployment to the hash-tagged key layout (see
 * infra/redis/migrate-key-layout.ts). Stop every hub node first, run this once, start them.
 *
 * @example
 * npm run migrate:redis-keys -w @inquiry-hub/hub -- --url redis://127.0.0.1:6379 --dry-run
 */
const USAGE =
  "usage: migrate-redis-keys --url redis://host:port[/db] [--prefix ih:] [--history-ttl-seconds 604800] [--dry-run]";

const ArgsSchema = z.object({
  url: z
    .string({ error: "--url is required" })
    .regex(
      /^rediss?:\/\//,
      "--url must be a redis:// or rediss:// URL (the master's, on Sentinel)",
    ),
  prefix: KeyPrefixSchema.default("ih:"),
  historyTtlSeconds: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 60 * 60),
  dryRun: z.boolean().default(false),
});

function readArgs(): z.infer<typeof ArgsSchema> {
  const { values } = parseArgs({
    options: {
      url: { type: "string" },
      prefix: { type: "string" },
      "history-ttl-seconds": { type: "string" },
      "dry-run": { type: "boolean" },
    },
    strict: true,
  });
  return ArgsSchema.parse({
    url: values.url,
    prefix: values.prefix,
    historyTtlSeconds: values["history-ttl-seconds"],
    dryRun: values["dry-run"],
  });
}

async function main(): Promise<number> {
  let args: z.infer<typeof ArgsSchema>;
  try {
    args = readArgs();
  } catch (error) {
    const message =
      error instanceof z.ZodError
        ? error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("\n")
        : String(error instanceof Error ? error.message : error);
    console.error(`${message}\n${USAGE}`);
    return 2;
  }
  const redis = new Redis(args.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const report = await migrateKeyLayout(redis, {
      prefix: args.prefix,
      historyTtlSeconds: args.historyTtlSeconds,
      dryRun: args.dryRun,
    });
    const { conflicts, unrecognized, ...counts } = report;
    console.log(args.dryRun ? "dry run, nothing changed; would move:" : "moved:");
    for (const [kind, count] of Object.entries(counts)) console.log(`  ${kind}: ${count}`);
    for (const key of unrecognized) console.log(`  left alone (not of the old layout): ${key}`);
    for (const conflict of conflicts) console.error(`  conflict, new key exists: ${conflict}`);
    return conflicts.length === 0 ? 0 : 1;
  } catch (error) {
    console.error(`migration failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    redis.disconnect();
  }
}

process.exitCode = await main();
