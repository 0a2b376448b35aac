import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { z } from "zod";

/**
 * The upstream's tools/list result, read loosely: every field the upstream sends (icons,
 * annotations, `_meta`, future keys) passes through to the agent unchanged; only what the
 * proxy needs is typed.
 */
export const UpstreamToolListSchema = z.looseObject({
  tools: z.array(
    z.looseObject({
      name: z.string(),
      description: z.string().optional(),
      inputSchema: z.looseObject({}),
      outputSchema: z.looseObject({}).optional(),
    }),
  ),
  nextCursor: z.string().optional(),
});
export type UpstreamTool = z.output<typeof UpstreamToolListSchema>["tools"][number];

/** Bound on tools/list pages read when looking one tool up, against endless cursors. */
const MAX_PAGES = 50;

/** What the proxy knows of the upstream's tools, for schemas of gated calls. */
export interface ToolCatalog {
  /** Records tools seen in a tools/list the agent made. */
  remember(tools: readonly UpstreamTool[]): void;
  /** The tool, listing the upstream once if it was not seen yet; undefined if it has none. */
  find(name: string, options: RequestOptions): Promise<UpstreamTool | undefined>;
  /** Forgets everything (the upstream said its tool list changed). */
  clear(): void;
}

/** Creates the catalog of one proxy session's upstream client. */
export function createToolCatalog(client: Client): ToolCatalog {
  const tools = new Map<string, UpstreamTool>();

  function remember(list: readonly UpstreamTool[]): void {
    for (const tool of list) tools.set(tool.name, tool);
  }

  return {
    remember,
    async find(name, options) {
      const known = tools.get(name);
      if (known !== undefined) return known;
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const result = await client.request(
          { method: "tools/list", params: cursor === undefined ? {} : { cursor } },
          UpstreamToolListSchema,
          options,
        );
        remember(result.tools);
        cursor = result.nextCursor;
        if (tools.has(name) || cursor === undefined) break;
      }
      return tools.get(name);
    },
    clear() {
      tools.clear();
    },
  };
}
