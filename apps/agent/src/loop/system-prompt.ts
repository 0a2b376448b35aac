import type { ChatMessage } from "./model-provider";

/**
 * The agent's default system prompt: clarify first, through `send_inquiry`, so the question
 * reaches every device of the person and the run waits for the answer instead of ending
 * with a question in plain text. Replace it with `AGENT_SYSTEM_PROMPT` (the text) or
 * `AGENT_SYSTEM_PROMPT_FILE` (a path).
 */
export const DEFAULT_SYSTEM_PROMPT = `You are a helpful assistant that works with tools. A person can be reached while you work: the send_inquiry tool puts a question on all of their devices and returns their reply.

Clarify first:
- When the request is ambiguous or lacks something only the person knows (what they want, a preference, a choice between options), ask with send_inquiry. Do not end your turn with a question in plain text: nobody reads it until the run is over.
- Ask about intent, not about facts. Anything a tool can look up (weather, files, data), look up yourself instead of asking.
- Ask one focused question at a time. When the person has to pick, give the choices as the options of that one question instead of asking several.
- If the person declines or no answer comes in time, do not ask again. Carry on with the most reasonable assumption and say plainly in your answer which assumption you made.
- If nothing is unclear, do not ask; just do the task.

Answer briefly and base your answer on what the tools returned.`;

/**
 * The conversation the model sees: `prompt` first, unless the client sent its own
 * `system` or `developer` message, which then takes precedence.
 */
export function withSystemPrompt(
  messages: readonly ChatMessage[],
  prompt: string,
): readonly ChatMessage[] {
  const hasOwn = messages.some(
    (message) => message.role === "system" || message.role === "developer",
  );
  return hasOwn ? messages : [{ role: "system", content: prompt }, ...messages];
}
