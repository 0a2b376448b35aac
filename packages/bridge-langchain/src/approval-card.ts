import type { ToolCallForApproval } from "@inquiry-hub/hub-approvals";
import type { ActionRequest, ReviewConfig } from "langchain";
import type { ToolFacts } from "./tool-catalog";

/**
 * The middleware's own text for a tool without a configured description ends with the call
 * spelled out ("\n\nTool: <name>\nArgs: <json>"). The card shows the tool and an argument table
 * itself, so only what precedes that block (the `descriptionPrefix`) is worth repeating.
 */
function reviewText(action: ActionRequest): string | undefined {
  const generatedBlock = `\n\nTool: ${action.name}\nArgs: ${JSON.stringify(action.args, null, 2)}`;
  const text = action.description?.endsWith(generatedBlock)
    ? action.description.slice(0, -generatedBlock.length)
    : action.description;
  return text?.trim() === "" ? undefined : text?.trim();
}

/** The review text (why the person is asked) and the tool's own description (what it does). */
function cardDescription(action: ActionRequest, tool: ToolFacts | undefined): string | undefined {
  const parts = [reviewText(action), tool?.description?.trim()].filter(
    (part): part is string => part !== undefined && part !== "",
  );
  const unique = [...new Set(parts)];
  return unique.length === 0 ? undefined : unique.join("\n\n");
}

/**
 * What the hub shows for one action request: the tool's name and arguments as the model
 * produced them, the decisions its review config allows, a description, and the argument
 * schema for the editor (the review config's `argsSchema`, else the tool's own schema).
 */
export function approvalCard(
  action: ActionRequest,
  review: ReviewConfig | undefined,
  tool: ToolFacts | undefined,
): Omit<ToolCallForApproval, "key" | "runId"> {
  return {
    tool: action.name,
    arguments: action.args,
    description: cardDescription(action, tool),
    inputSchema: review?.argsSchema ?? tool?.inputSchema,
    allowedDecisions: review?.allowedDecisions,
  };
}
