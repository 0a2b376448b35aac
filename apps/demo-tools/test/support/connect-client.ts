import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { CallToolResult } from "@modelcontextprotocol/client";

/**
 * The protocol generations demo-tools must serve: the hub's approval proxy still speaks
 * 2025-era MCP (initialize, no envelope), while current clients speak 2026-07-28.
 */
export const CLIENT_ERAS = [
  { era: "legacy", version: "2025-11-25" },
  { era: "modern", version: "2026-07-28" },
] as const;

/** One entry of {@link CLIENT_ERAS}. */
export type ClientEra = (typeof CLIENT_ERAS)[number];

/**
 * Connects an SDK v2 client that speaks exactly `era`: the plain 2025 handshake for legacy
 * (what the SDK does without negotiation), a pinned 2026-07-28 for modern, so a server that
 * only served one generation would fail the other's tests instead of silently falling back.
 */
export async function connectClient(
  url: URL,
  { era }: ClientEra,
  headers: Record<string, string> = {},
): Promise<Client> {
  const client = new Client(
    { name: "demo-tools-test", version: "1.0.0" },
    era === "modern" ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {},
  );
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
  return client;
}

/** The first text block of a tool result and whether the tool reported a failure. */
export function firstText(result: CallToolResult): { text: string; isError: boolean } {
  const first = result.content[0];
  return { text: first?.type === "text" ? first.text : "", isError: result.isError === true };
}
