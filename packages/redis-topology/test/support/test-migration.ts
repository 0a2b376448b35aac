import { z } from "zod";
import { vi } from "vitest";
import { MigrationUrlSchema, runKeyMigrationCommand } from "../../src/key-migration-cli";
import type { KeyMigrationArgs, KeyMigrationCommand } from "../../src/key-migration-cli";
import { moveKey, refuseClusterMode, scanKeysUnder } from "../../src/key-migration-steps";

/** A command moving `<prefix>old:<name>` to `<prefix>{<name>}`, the way the real ones use the steps. */
export const renameCommand: KeyMigrationCommand<KeyMigrationArgs> = {
  usage: "usage: test-migration --url redis://… [--prefix p:] [--dry-run]",
  parse: (values) => {
    const args = z
      .object({
        url: MigrationUrlSchema,
        prefix: z.string(),
        "dry-run": z.boolean().default(false),
      })
      .parse(values);
    return { url: args.url, prefix: args.prefix, dryRun: args["dry-run"] };
  },
  migrate: async (redis, args) => {
    await refuseClusterMode(redis, "test migration");
    let moved = 0;
    const conflicts: string[] = [];
    for (const key of await scanKeysUnder(redis, `${args.prefix}old:`)) {
      const to = `${args.prefix}{${key.slice(`${args.prefix}old:`.length)}}`;
      const outcome = await moveKey(redis, key, to, args.dryRun);
      if (outcome === "moved") moved += 1;
      if (outcome === "conflict") conflicts.push(`${key} -> ${to}`);
    }
    return { counts: { moved }, conflicts, unrecognized: [] };
  },
};

/** Runs the command with `argv`, returning its exit code and what it printed. */
export async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, "log").mockImplementation((line: string) => void out.push(line));
  const error = vi
    .spyOn(console, "error")
    .mockImplementation((line: string) => void err.push(line));
  try {
    const code = await runKeyMigrationCommand(renameCommand, argv);
    return { code, out: out.join("\n"), err: err.join("\n") };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}
