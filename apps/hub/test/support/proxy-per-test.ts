import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterEach, expect } from "vitest";
import type { TestDevice } from "../socket-helpers";
import type { ProxyHarness } from "./proxy-harness";

/** One test's harness and the token of the user registered on it. */
export interface ProxyTestSetup {
  harness: ProxyHarness;
  token: string;
}

/** What a describe's tests call to get their own harness (see useProxyHarnessPerTest). */
export interface ProxyHarnessPerTest {
  /** Starts this test's harness, registers a user on it and connects an MCP agent as that user. */
  setupWithAgent: () => Promise<ProxyTestSetup & { agent: Client }>;
  /** Starts this test's harness, registers a user on it and connects a device of that user. */
  setupWithDevice: () => Promise<ProxyTestSetup & { device: TestDevice }>;
}

/**
 * Gives each test of the enclosing `describe` a fresh harness from `start` (a fresh hub and
 * demo upstream, so no approval or audit entry leaks between tests), closed after the test.
 *
 * @example
 * const { setupWithAgent } = useProxyHarnessPerTest(() => startProxyHarness(TOOLS));
 * it("…", async () => { const { harness, token, agent } = await setupWithAgent(); … });
 */
export function useProxyHarnessPerTest(start: () => Promise<ProxyHarness>): ProxyHarnessPerTest {
  let current: ProxyHarness | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  const setup = async (): Promise<ProxyTestSetup> => {
    current = await start();
    return { harness: current, token: await current.registerUser() };
  };
  return {
    setupWithAgent: async () => {
      const started = await setup();
      return { ...started, agent: await started.harness.connectAgent(started.token) };
    },
    setupWithDevice: async () => {
      const started = await setup();
      return {
        ...started,
        device: await started.harness.devices.connect({ token: started.token }),
      };
    },
  };
}

/**
 * An approved write ran exactly as asked: the upstream wrote `args.content` to `args.path` in
 * its sandbox, and the audit holds one entry, approving `inquiryId` and forwarding `args`.
 */
export async function expectApprovedWrite(
  harness: ProxyHarness,
  inquiryId: string,
  args: { path: string; content: string },
): Promise<void> {
  expect(await readFile(path.join(harness.sandboxDir, args.path), "utf8")).toBe(args.content);
  expect(harness.audit).toEqual([
    expect.objectContaining({ inquiryId, verdict: "approved", forwardedArguments: args }),
  ]);
}
