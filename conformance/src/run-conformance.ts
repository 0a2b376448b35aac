import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { mintAgentKey } from "./agent-key";
import { compareToBaseline, loadBaseline } from "./baseline";
import type { Baseline, BaselineDrift } from "./baseline";
import { conformanceNode } from "./conformance-node";
import { runServerSuite } from "./conformance-cli";
import { startCredentialRelay } from "./credential-relay";
import type { CredentialRelay } from "./credential-relay";
import { startProduct } from "./product";
import type { Product } from "./product";

/**
 * `npm test` for this workspace: the official MCP conformance runner's server suite against
 * the built hub's `/mcp` and against its approval proxy in front of demo-tools, each compared
 * to baseline.json. Fails on a scenario failing outside the baseline, on a baselined one that
 * passes (stale) and on a baseline entry naming no scenario. Stops everything it started.
 */
async function main(): Promise<boolean> {
  const started = Date.now();
  const baseline = loadBaseline(new URL("../baseline.json", import.meta.url));
  const node = conformanceNode();
  const resultsDir = mkdtempSync(path.join(tmpdir(), "inquiry-hub-conformance-results-"));
  let product: Product | undefined;
  let relay: CredentialRelay | undefined;
  const cleanUp = async (): Promise<void> => {
    await relay?.close();
    await product?.stop();
    rmSync(resultsDir, { recursive: true, force: true });
  };
  process.once("SIGINT", () => void cleanUp().finally(() => process.exit(130)));
  process.once("SIGTERM", () => void cleanUp().finally(() => process.exit(143)));
  try {
    product = await startProduct();
    relay = await startCredentialRelay(product.hubUrl, await mintAgentKey(product.hubUrl));
    const endpoints: Record<keyof Baseline, string> = {
      hub: "/mcp",
      proxy: `/proxy/${product.proxyName}/mcp`,
    };
    let conforms = true;
    for (const [name, endpoint] of Object.entries(endpoints) as [keyof Baseline, string][]) {
      const outputDir = path.join(resultsDir, name);
      const { scenarios, verdicts } = await runServerSuite(
        node,
        new URL(endpoint, relay.url),
        outputDir,
      );
      const drift = compareToBaseline(scenarios, verdicts, baseline[name]);
      const passed = scenarios.filter((scenario) => verdicts.get(scenario)?.passed === true);
      report(endpoint, passed, Object.keys(baseline[name]).length, drift);
      conforms &&= isEmpty(drift);
    }
    console.log(`conformance: both endpoints in ${Date.now() - started} ms`);
    return conforms;
  } finally {
    await cleanUp();
  }
}

function isEmpty(drift: BaselineDrift): boolean {
  return (
    drift.unexpectedFailures.length === 0 &&
    drift.staleEntries.length === 0 &&
    drift.unknownEntries.length === 0
  );
}

function report(endpoint: string, passed: string[], baselined: number, drift: BaselineDrift): void {
  console.log(
    `${endpoint}: ${passed.length} passed (${passed.join(", ")}), ${baselined} baselined`,
  );
  for (const { scenario, failures } of drift.unexpectedFailures)
    console.log(`  FAILED, not in baseline: ${scenario}\n    ${failures.join("\n    ")}`);
  for (const scenario of drift.staleEntries)
    console.log(`  PASSED, but baselined: ${scenario} (remove it from baseline.json)`);
  for (const scenario of drift.unknownEntries)
    console.log(`  baseline names no such scenario: ${scenario}`);
}

process.exitCode = (await main()) ? 0 : 1;
