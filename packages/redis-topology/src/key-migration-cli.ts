import { parseArgs } from "node:util";
import type { ParseArgsConfig } from "node:util";
import { Redis } from "ioredis";
import { z } from "zod";

/** What a key-layout migration moved (or would move), as its command prints it. */
export interface KeyMigrationOutcome {
  /** Keys or index members moved, per kind. */
  counts: Record<string, number>;
  /** Old keys left in place because their new key already exists. */
  conflicts: readonly string[];
  /** Keys matching an old pattern that are not of the old layout, left untouched. */
  unrecognized: readonly string[];
}

/** The options every migration command takes; a command adds its own to `options`. */
export interface KeyMigrationArgs {
  url: string;
  prefix: string;
  dryRun: boolean;
}

/** One migration command: its usage line, extra options, and the migration itself. */
export interface KeyMigrationCommand<Args extends KeyMigrationArgs> {
  usage: string;
  /** Options beyond --url, --prefix and --dry-run (all strings or booleans, as parseArgs reads). */
  extraOptions?: ParseArgsConfig["options"];
  /**
   * Validates what parseArgs read (keys as written on the command line, e.g. `dry-run`);
   * a ZodError's issues are printed with the usage line.
   */
  parse(values: Record<string, unknown>): Args;
  migrate(redis: Redis, args: Args): Promise<KeyMigrationOutcome>;
}

/**
 * `--url`: the only server a migration touches (on Sentinel, the master's address). A command's
 * schema keys its fields by flag name (`url`, `dry-run`), so each problem prints as `--flag: …`.
 */
export const MigrationUrlSchema = z
  .string({ error: "required (the server to migrate)" })
  .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL (the master's, on Sentinel)");

function problemOf(error: unknown): string {
  if (error instanceof z.ZodError)
    return error.issues
      .map((issue) =>
        issue.path.length === 0 ? issue.message : `--${issue.path.join(".")}: ${issue.message}`,
      )
      .join("\n");
  return error instanceof Error ? error.message : String(error);
}

function printOutcome(outcome: KeyMigrationOutcome, dryRun: boolean): void {
  console.log(dryRun ? "dry run, nothing changed; would move:" : "moved:");
  for (const [kind, count] of Object.entries(outcome.counts)) console.log(`  ${kind}: ${count}`);
  for (const key of outcome.unrecognized)
    console.log(`  left alone (not of the old layout): ${key}`);
  for (const conflict of outcome.conflicts)
    console.error(`  conflict, new key exists: ${conflict}`);
}

/**
 * Runs a key-layout migration from the command line and returns the exit code: 2 for bad
 * arguments (with the usage line), 1 when the migration failed or left conflicts, 0 otherwise.
 * The connection is made once, without retries, so an unreachable server fails at once.
 *
 * @example
 * process.exitCode = await runKeyMigrationCommand({ usage, parse, migrate: migrateRunKeys });
 */
export async function runKeyMigrationCommand<Args extends KeyMigrationArgs>(
  command: KeyMigrationCommand<Args>,
  argv: string[] = process.argv.slice(2),
): Promise<number> {
  let args: Args;
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        url: { type: "string" },
        prefix: { type: "string" },
        "dry-run": { type: "boolean" },
        ...command.extraOptions,
      },
      strict: true,
    });
    args = command.parse(values);
  } catch (error) {
    console.error(`${problemOf(error)}\n${command.usage}`);
    return 2;
  }
  // No reconnection: a one-shot command should fail at once, naming why it could not connect.
  const redis = new Redis(args.url, { lazyConnect: true, retryStrategy: () => null });
  let connectionError: unknown;
  redis.on("error", (error: unknown) => (connectionError ??= error));
  try {
    await redis.connect().catch((error: unknown) => {
      throw connectionError ?? error;
    });
    const outcome = await command.migrate(redis, args);
    printOutcome(outcome, args.dryRun);
    return outcome.conflicts.length === 0 ? 0 : 1;
  } catch (error) {
    console.error(`migration failed: ${problemOf(error)}`);
    return 1;
  } finally {
    redis.disconnect();
  }
}
