import { MockLanguageModelV3 } from "ai/test";

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3["doGenerate"]>>;
type Prompt = Parameters<MockLanguageModelV3["doGenerate"]>[0]["prompt"];

const USAGE = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** The sentence the model ends with once it read how the tool call went. */
function finalAnswer(prompt: Prompt): string | undefined {
  const last = prompt.at(-1);
  if (last?.role !== "tool") return undefined;
  const result = last.content.find((part) => part.type === "tool-result");
  if (result === undefined) return undefined;
  const output = result.output;
  return output.type === "execution-denied"
    ? `I did not send the email: ${output.reason ?? "the person said no"}.`
    : `The email is sent (sendEmail answered ${JSON.stringify("value" in output ? output.value : output)}).`;
}

/**
 * A stand-in for a real model (no network, no API key), built on the AI SDK's own mock: it
 * reads the prompt like a model would, so a restarted process carries on where it was. It
 * asks to send an email first, then answers from the tool's result or the denial's reason.
 */
export function createScriptedModel(): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    modelId: "scripted-email-assistant",
    doGenerate: ({ prompt }): Promise<GenerateResult> => {
      const answer = finalAnswer(prompt);
      if (answer !== undefined)
        return Promise.resolve({
          content: [{ type: "text", text: answer }],
          finishReason: { unified: "stop", raw: undefined },
          usage: USAGE,
          warnings: [],
        });
      return Promise.resolve({
        content: [
          {
            type: "tool-call",
            toolCallId: "call-send-report",
            toolName: "sendEmail",
            input: JSON.stringify({
              to: "alice@example.com",
              subject: "Q3 report",
              body: "Hi Alice, the Q3 report is attached.",
            }),
          },
        ],
        finishReason: { unified: "tool-calls", raw: undefined },
        usage: USAGE,
        warnings: [],
      });
    },
  });
}
