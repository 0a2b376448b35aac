import { Usage } from "@openai/agents";
import type { AgentOutputItem, Model, ModelRequest, StreamEvent } from "@openai/agents";

/** What the model has been told each earlier tool call returned, by call id. */
function toolResultsSeen(request: ModelRequest): Map<string, string> {
  const results = new Map<string, string>();
  if (typeof request.input === "string") return results;
  for (const item of request.input) {
    if (item.type !== "function_call_result") continue;
    const parts = typeof item.output === "string" ? [{ text: item.output }] : [item.output].flat();
    results.set(item.callId, parts.map((part) => ("text" in part ? part.text : "")).join(""));
  }
  return results;
}

/**
 * Stands in for an OpenAI model so the example runs offline and without an API key: it
 * asks once to email the Q3 report to Ann and, when the tool's result (or the person's
 * rejection) comes back, answers with it. Its answer depends only on the conversation, so a
 * run resumed in a new process gets the same answers. In a real app, drop it and give the
 * agent `model: "gpt-4.1"` (or any model name) instead.
 */
export const scriptedModel: Model = {
  getResponse(request) {
    const result = toolResultsSeen(request).get("call_report_1");
    const output: AgentOutputItem[] =
      result === undefined
        ? [
            {
              type: "function_call",
              callId: "call_report_1",
              name: "send_email",
              arguments: JSON.stringify({
                to: "ann@example.com",
                subject: "Q3 report",
                body: "Hi Ann, the Q3 report is attached.",
              }),
              status: "completed",
            },
          ]
        : [
            {
              type: "message",
              role: "assistant",
              status: "completed",
              content: [{ type: "output_text", text: `Report email: ${result}` }],
            },
          ];
    return Promise.resolve({ usage: new Usage({ requests: 1 }), output });
  },
  getStreamedResponse(): AsyncIterable<StreamEvent> {
    throw new Error("the scripted model does not stream");
  },
};
