import { Usage } from "@openai/agents";
import type {
  AgentOutputItem,
  AssistantMessageItem,
  FunctionCallItem,
  Model,
  ModelRequest,
  ModelResponse,
  StreamEvent,
} from "@openai/agents";

/** The SDK's `Model` played by a function: no network, no API key, same answer for same input. */
export interface ScriptedModel extends Model {
  /** Every request the runner sent, in order: what the "model" was shown. */
  readonly requests: ModelRequest[];
}

/**
 * A model whose reply depends only on the request (the conversation so far), never on how
 * often it was called, so a run restored in a fresh process gets the same answers.
 */
export function scriptedModel(reply: (request: ModelRequest) => AgentOutputItem[]): ScriptedModel {
  const requests: ModelRequest[] = [];
  return {
    requests,
    getResponse(request): Promise<ModelResponse> {
      requests.push(request);
      return Promise.resolve({
        usage: new Usage({ requests: 1 }),
        output: reply(request),
        responseId: `scripted-${requests.length}`,
      });
    },
    getStreamedResponse(): AsyncIterable<StreamEvent> {
      throw new Error("the scripted model does not stream; run without stream: true");
    },
  };
}

/** The model asking to call a tool. */
export function callTool(callId: string, name: string, args: object): FunctionCallItem {
  return {
    type: "function_call",
    callId,
    name,
    arguments: JSON.stringify(args),
    status: "completed",
  };
}

/** The model's final answer. */
export function say(text: string): AssistantMessageItem {
  return {
    type: "message",
    role: "assistant",
    status: "completed",
    content: [{ type: "output_text", text }],
  };
}

type ToolOutput = Extract<
  ModelRequest["input"][number],
  { type: "function_call_result" }
>["output"];

function textOf(output: ToolOutput): string {
  if (typeof output === "string") return output;
  const parts = Array.isArray(output) ? output : [output];
  return parts.map((part) => ("text" in part ? part.text : "")).join("");
}

/** What the model has been told each earlier call returned, by call id. */
export function toolResultsSeen(request: ModelRequest): Map<string, string> {
  const results = new Map<string, string>();
  if (typeof request.input === "string") return results;
  for (const item of request.input) {
    if (item.type !== "function_call_result") continue;
    results.set(item.callId, textOf(item.output));
  }
  return results;
}
