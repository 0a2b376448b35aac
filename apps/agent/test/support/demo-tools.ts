import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDemoToolsServer } from "@inquiry-hub/demo-tools";

/** The demo tools MCP server on loopback, with its sandbox in a temp dir. */
export interface DemoTools {
  mcpUrl: string;
  close(): Promise<void>;
}

/** Starts demo-tools on a free port; `close` stops it and removes its sandbox. */
export async function startDemoTools(): Promise<DemoTools> {
  const sandboxDir = await mkdtemp(path.join(tmpdir(), "agent-test-tools-"));
  const demo = createDemoToolsServer({ sandboxDir });
  await new Promise<void>((resolve) => demo.httpServer.listen(0, "127.0.0.1", resolve));
  const { port } = demo.httpServer.address() as AddressInfo;
  return {
    mcpUrl: `http://127.0.0.1:${port}/mcp`,
    async close() {
      await demo.close();
      await rm(sandboxDir, { recursive: true, force: true });
    },
  };
}
