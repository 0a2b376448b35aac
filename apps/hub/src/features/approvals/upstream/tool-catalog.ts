import type { Client, RequestOptions } from "@modelcontextprotocol/client";
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
      /** Hints (read-only, destructive…) the model reads: part of the pinned definition. */
      annotations: z.looseObject({}).optional(),
    }),
  ),
  nextCursor: z.string().optional(),
});
export type UpstreamTool = z.output<typeof UpstreamToolListSchema>["tools"][number];

/** Bound on tools/list pages read when looking one tool up, against endless cursors. */
const MAX_PAGES = 50;

/**
 * Every tool the upstream lists, page by page (at most MAX_PAGES), stopping early once
 * `enough` says so.
 */
export async function listUpstreamTools(
  client: Client,
  options: RequestOptions,
  enough: (tools: readonly UpstreamTool[]) => boolean = () => false,
): Promise<UpstreamTool[]> {
  const tools: UpstreamTool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const result = await client.request(
      { method: "tools/list", params: cursor === undefined ? {} : { cursor } },
      UpstreamToolListSchema,
      options,
    );
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (cursor === undefined || enough(tools)) break;
  }
  return tools;
}

/**
 * What the proxy knows of the upstream's tools: the exact names a call may use (a call
 * naming anything else is refused, whatever its policy) and the schemas of gated calls.
 */
export interface ToolCatalog {
  /** Records tools seen in a tools/list the agent made. */
  remember(tools: readonly UpstreamTool[]): void;
  /**
   * The tool of exactly this name (case included), listing the upstream if it was not seen
   * yet; undefined if it has none.
   */
  find(name: string, options: RequestOptions): Promise<UpstreamTool | undefined>;
  /** The names seen so far, for "did you mean" hints. */
  names(): string[];
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
      remember(
        await listUpstreamTools(client, options, (listed) =>
          listed.some((tool) => tool.name === name),
        ),
      );
      return tools.get(name);
    },
    names: () => [...tools.keys()],
    clear() {
      tools.clear();
    },
  };
}
