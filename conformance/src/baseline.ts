import { readFileSync } from "node:fs";
import { z } from "zod";
import type { ScenarioVerdict } from "./conformance-cli";

/** Scenario name → why it does not apply to this endpoint (a sentence a reviewer can check). */
const ReasonsSchema = z.record(z.string().regex(/^[a-z0-9-]+$/), z.string().min(20));

/**
 * `baseline.json`: per endpoint, the conformance scenarios expected to fail and why. Only
 * scenarios that do not apply to a server with its own tools belong here (the runner's
 * reference-server fixtures: `test_*` tools, resources, prompts, completions, logging), or
 * ones waiting for work in flight, said so in the reason. Every other scenario must pass.
 */
export const BaselineSchema = z
  .object({
    /** The hub's own MCP endpoint, `/mcp` (send_inquiry, respond_inquiry). */
    hub: ReasonsSchema,
    /** The approval proxy in front of demo-tools, `/proxy/demo/mcp`. */
    proxy: ReasonsSchema,
  })
  .strict();
export type Baseline = z.infer<typeof BaselineSchema>;

/** Reads and validates the baseline file. */
export function loadBaseline(file: URL): Baseline {
  return BaselineSchema.parse(JSON.parse(readFileSync(file, "utf8")));
}

/** Where one endpoint's results disagree with its baseline; all empty means it conforms. */
export interface BaselineDrift {
  /** Failed (or gave no result) and are not in the baseline, with the failed checks. */
  unexpectedFailures: { scenario: string; failures: string[] }[];
  /** In the baseline but passed: remove them, the baseline would hide a regression. */
  staleEntries: string[];
  /** In the baseline but not a scenario the runner has: a typo or a removed scenario. */
  unknownEntries: string[];
}

/**
 * Compares the verdicts of every scenario in `scenarios` to `expectedFailures`. A scenario the
 * runner listed but wrote no result for counts as failed, so a crash cannot pass.
 */
export function compareToBaseline(
  scenarios: readonly string[],
  verdicts: ReadonlyMap<string, ScenarioVerdict>,
  expectedFailures: Readonly<Record<string, string>>,
): BaselineDrift {
  const drift: BaselineDrift = { unexpectedFailures: [], staleEntries: [], unknownEntries: [] };
  for (const scenario of scenarios) {
    const verdict = verdicts.get(scenario) ?? { passed: false, failures: ["no result written"] };
    const expected = Object.hasOwn(expectedFailures, scenario);
    if (!verdict.passed && !expected)
      drift.unexpectedFailures.push({ scenario, failures: verdict.failures });
    if (verdict.passed && expected) drift.staleEntries.push(scenario);
  }
  drift.unknownEntries = Object.keys(expectedFailures).filter((name) => !scenarios.includes(name));
  return drift;
}
