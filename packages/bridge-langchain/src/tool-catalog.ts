import { isLangChainTool } from "@langchain/core/tools";
import type { StructuredToolParams } from "@langchain/core/tools";
import { toJsonSchema } from "@langchain/core/utils/json_schema";
import { isRecord } from "./is-record";

/** What the approval card shows about a tool beyond the call itself. */
export interface ToolFacts {
  description?: string | undefined;
  /** The tool's arguments as JSON Schema: the card builds its editor from it, the hub checks edits. */
  inputSchema?: Record<string, unknown> | undefined;
}

/** Tool facts by tool name. */
export type ToolCatalog = ReadonlyMap<string, ToolFacts>;

function inputSchemaOf(tool: StructuredToolParams): Record<string, unknown> | undefined {
  const converted: unknown = toJsonSchema(tool.schema);
  return isRecord(converted) ? converted : undefined;
}

/**
 * Collects the descriptions and argument schemas of an agent's tools (`createAgent({ tools })`).
 * LangChain tools usually carry a zod schema (v3 or v4) and sometimes a JSON Schema;
 * `@langchain/core` converts either, as it does for the model's tool definitions. Provider
 * built-in tools (plain objects) have nothing to show and are skipped.
 */
export function catalogTools(tools: readonly unknown[]): ToolCatalog {
  const catalog = new Map<string, ToolFacts>();
  for (const tool of tools) {
    if (!isLangChainTool(tool)) continue;
    catalog.set(tool.name, {
      description: tool.description,
      inputSchema: inputSchemaOf(tool),
    });
  }
  return catalog;
}
