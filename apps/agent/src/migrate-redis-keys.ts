import { parseArgs } from "node:util";
import { Redis } from "ioredis";
import { z } from "zod";
import { migrateRunKeys } from "./runs/migrate-run-keys";

/**
 * Moves an existing one-Redis or Sentinel deployment's run keys to the hash-tagged layout
 * (see runs/migrate-run-keys.ts). Stop every agent node first, run this once, start them.
 *
 * @example
 * npm run migrate:redis-keys -w @inquiry-hub/agent -- --url redis://127.0.0.1:6379 --dry-run
 */
const USAGE =
  "usage: migrate-redis-keys --url redis://host:port[/db] [--prefix agent:] [--dry-run]";

const ArgsSchema = z.object({
  url: z
    .string({ error: "--url is required" })
    .regex(
      /^rediss?:\/\//,
      "--url must be a redis:// or rediss:// URL (the master's, on Sentinel)",
    ),
  prefix: z.string().min(1).default("agent:"),
  dryRun: z.boolean().default(false),
});

function readArgs(): z.infer<typeof ArgsSchema> {
  const { values } = parseArgs({
    options: {
      url: { type: "string" },
      prefix: { type: "string" },
      "dry-run": { type: "boolean" },
    },
    strict: true,
  });
  return ArgsSchema.parse({ url: values.url, prefix: values.prefix, dryRun: values["dry-run"] });
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
    const report = await migrateRunKeys(redis, { prefix: args.prefix, dryRun: args.dryRun });
    console.log(args.dryRun ? "dry run, nothing changed; would move:" : "moved:");
    console.log(`  runKeys: ${report.runKeys}`);
    for (const key of report.unrecognized)
      console.log(`  left alone (not of the old layout): ${key}`);
    for (const conflict of report.conflicts)
      console.error(`  conflict, new key exists: ${conflict}`);
    return report.conflicts.length === 0 ? 0 : 1;
  } catch (error) {
    console.error(`migration failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    redis.disconnect();
  }
}

process.exitCode = await main();
