import { execFile } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { z } from "zod";

const run = promisify(execFile);
const MANIFEST = createRequire(import.meta.url).resolve(
  "@modelcontextprotocol/conformance/package.json",
);
/** The package's `conformance` bin, run with an explicit Node binary rather than its shebang. */
const CLI = path.join(
  path.dirname(MANIFEST),
  z
    .object({ bin: z.object({ conformance: z.string() }) })
    .parse(JSON.parse(readFileSync(MANIFEST, "utf8"))).bin.conformance,
);
/** A whole suite against one endpoint takes seconds; this only bounds a hang. */
const SUITE_TIMEOUT_MS = 180_000;

/** One check of a scenario as the CLI writes it to `checks.json`. */
const CheckSchema = z.object({
  /** Stable id of the check, e.g. `localhost-host-valid-accepted`. */
  id: z.string(),
  /** SUCCESS and FAILURE are verdicts; the CLI also fails a scenario on WARNING. */
  status: z.enum(["SUCCESS", "FAILURE", "WARNING", "SKIPPED", "INFO"]),
  /** Why a check failed, when it did. */
  errorMessage: z.string().optional(),
});
type Check = z.infer<typeof CheckSchema>;

/** The outcome of one scenario: passed, or the checks that failed with their messages. */
export interface ScenarioVerdict {
  passed: boolean;
  failures: string[];
}

/** `server-<scenario>-<ISO time with : and . as ->`, the folder the CLI writes per scenario. */
const RESULT_FOLDER = /^server-(.+)-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;

/** What one suite run found: the scenarios the CLI ran and the verdicts it wrote. */
export interface SuiteResults {
  /** In the CLI's order, as it announced them; one it ran but wrote nothing for crashed. */
  scenarios: string[];
  verdicts: Map<string, ScenarioVerdict>;
}

/** The line the CLI prints before each scenario of a suite. */
const SCENARIO_START = /^=== Running scenario: (\S+) ===$/gm;

/**
 * Runs the CLI's server suite (its default, "active": pending scenarios are left out by the
 * runner's authors) against `url`, writing results under `outputDir`, and reads each scenario's
 * verdict from its `checks.json` by the CLI's own rule (a FAILURE or WARNING fails the
 * scenario). The CLI's exit code only says "something failed": the caller compares to its
 * baseline instead. Any other end (a crash, the time bound) rejects.
 */
export async function runServerSuite(
  node: string,
  url: URL,
  outputDir: string,
): Promise<SuiteResults> {
  const { stdout } = await run(
    node,
    [CLI, "server", "--url", url.href, "--output-dir", outputDir],
    {
      timeout: SUITE_TIMEOUT_MS,
      maxBuffer: 64 * 1024 * 1024,
    },
  ).catch((error: unknown) => {
    if (error instanceof Error && "code" in error && error.code === 1 && "stdout" in error)
      return { stdout: String(error.stdout) };
    throw error;
  });
  const scenarios = [...stdout.matchAll(SCENARIO_START)].map((match) => match[1] ?? "");
  if (scenarios.length === 0) throw new Error(`the conformance CLI ran no scenario:\n${stdout}`);
  const verdicts = new Map<string, ScenarioVerdict>();
  for (const folder of readdirSync(outputDir)) {
    const scenario = RESULT_FOLDER.exec(folder)?.[1];
    if (scenario === undefined) continue;
    const checks = z
      .array(CheckSchema)
      .parse(JSON.parse(readFileSync(path.join(outputDir, folder, "checks.json"), "utf8")));
    verdicts.set(scenario, verdictOf(checks));
  }
  return { scenarios, verdicts };
}

function verdictOf(checks: Check[]): ScenarioVerdict {
  const failures = checks
    .filter((check) => check.status === "FAILURE" || check.status === "WARNING")
    .map((check) => `${check.id}: ${check.errorMessage ?? check.status}`);
  return { passed: failures.length === 0, failures };
}
