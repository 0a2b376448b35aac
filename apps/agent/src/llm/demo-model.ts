import { DEMO_MODEL_ID, HUB_TOOL_NAMES, RESULT_OPENINGS } from "@inquiry-hub/protocol";
import { recognizeIntent } from "./demo-intents";
import { demoInquiry, replyAfterDemoInquiry } from "./demo-inquiry-rules";
import { languageOf, latestRequest } from "./demo-language";
import type { DemoLanguage } from "./demo-language";
import { ACTION_TOOLS, actionCall, replyAfterAction } from "./demo-model-actions";
import { demoTexts } from "./demo-texts";
import { TOOL_ERROR_PREFIX } from "../loop/model-provider";
import type {
  ChatMessage,
  ModelEvent,
  ModelProvider,
  ModelRequest,
  ToolCall,
} from "../loop/model-provider";

/** The question the demo model asks when an English weather request names no city. */
export const CITY_QUESTION = demoTexts("en").cityQuestion;

/** The language of a request, the text it asks to write left out (see {@link languageOf}). */
function requestLanguage(text: string, intent = recognizeIntent(text)): DemoLanguage {
  return languageOf(text, intent?.kind === "write_file" ? intent.content : undefined);
}

/** Word-sized pieces: a Latin word with its spaces, or up to three Han characters. */
const STREAM_PIECE = /[\p{Script=Han}]{1,3}\s*|[^\s\p{Script=Han}]+\s*|\s+/gu;

function reply(text: string): ModelEvent[] {
  return (text.match(STREAM_PIECE) ?? [text]).map((piece) => ({ type: "content", text: piece }));
}

function callTool(
  messages: readonly ChatMessage[],
  name: string,
  args: Record<string, unknown>,
): ModelEvent[] {
  const call: ToolCall = {
    id: `call_${messages.length}_${name}`,
    type: "function",
    function: { name, arguments: JSON.stringify(args) },
  };
  return [{ type: "tool_call", call }];
}

function toolCallOf(messages: readonly ChatMessage[], toolCallId: string): ToolCall | undefined {
  for (const message of messages) {
    if (message.role !== "assistant") continue;
    const call = message.tool_calls?.find((candidate) => candidate.id === toolCallId);
    if (call) return call;
  }
  return undefined;
}

/** The call's arguments; a client-supplied history may hold anything, so never throw. */
function argumentsOf(call: ToolCall): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(call.function.arguments);
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function afterInquiry(
  messages: readonly ChatMessage[],
  answer: string,
  offered: Set<string>,
  language: DemoLanguage,
): ModelEvent[] {
  const texts = demoTexts(language);
  if (answer.startsWith(TOOL_ERROR_PREFIX))
    return reply(texts.cityAskFailed(answer.slice(TOOL_ERROR_PREFIX.length)));
  if (answer.startsWith(RESULT_OPENINGS.timeout)) return reply(texts.cityTimedOut);
  if (answer.startsWith(RESULT_OPENINGS.rejected)) return reply(texts.cityRefused);
  if (answer.startsWith(RESULT_OPENINGS.delegated)) return reply(texts.cityDelegated);
  if (answer.startsWith(RESULT_OPENINGS.cancelled)) return reply(texts.cityCancelled);
  const city = answer
    .trim()
    .replace(/[.!?。！？]+$/u, "")
    .trim();
  if (city === "") return reply(texts.cityEmpty);
  if (!offered.has("get_weather")) return reply(texts.weatherUnavailable(city));
  return callTool(messages, "get_weather", { city });
}

function afterTool(
  messages: readonly ChatMessage[],
  last: ChatMessage & { role: "tool" },
  offered: Set<string>,
): ModelEvent[] {
  const language = requestLanguage(latestRequest(messages));
  const texts = demoTexts(language);
  const call = toolCallOf(messages, last.tool_call_id);
  const toolName = call?.function.name;
  if (call !== undefined && toolName !== undefined && ACTION_TOOLS.has(toolName)) {
    const action = { name: toolName, args: argumentsOf(call) };
    return reply(replyAfterAction(action, last.content, language));
  }
  if (call !== undefined && toolName === HUB_TOOL_NAMES.sendInquiry) {
    const own = replyAfterDemoInquiry(String(argumentsOf(call).prompt), last.content);
    return own === undefined ? afterInquiry(messages, last.content, offered, language) : reply(own);
  }
  if (toolName !== "get_weather") return reply(texts.toolReturned(last.content));
  return last.content.startsWith(TOOL_ERROR_PREFIX)
    ? reply(texts.forecastFailed(last.content.slice(TOOL_ERROR_PREFIX.length)))
    : reply(texts.forecast(last.content));
}

function afterUser(
  messages: readonly ChatMessage[],
  text: string,
  offered: Set<string>,
): ModelEvent[] {
  const intent = recognizeIntent(text);
  const language = requestLanguage(text, intent);
  const texts = demoTexts(language);
  if (intent === undefined) return reply(texts.help);
  switch (intent.kind) {
    case "read_file":
      return reply(texts.cannotRead(intent.path));
    case "delete_file":
      return reply(texts.cannotDeleteFile(intent.path));
    case "list_files":
      return reply(texts.cannotList);
    case "inquiry":
      if (!offered.has(HUB_TOOL_NAMES.sendInquiry)) return reply(texts.hubUnavailable);
      return callTool(messages, HUB_TOOL_NAMES.sendInquiry, {
        ...demoInquiry(intent.topic, language),
      });
    case "weather":
      if (intent.city !== undefined) {
        if (!offered.has("get_weather")) return reply(texts.weatherUnavailable(intent.city));
        return callTool(messages, "get_weather", { city: intent.city });
      }
      if (!offered.has(HUB_TOOL_NAMES.sendInquiry)) return reply(texts.cityUnaskable);
      return callTool(messages, HUB_TOOL_NAMES.sendInquiry, { prompt: texts.cityQuestion });
    case "write_file":
    case "delete_old_rows":
    case "show_notes": {
      const action = actionCall(intent);
      if (!offered.has(action.name)) return reply(texts.toolUnavailable(action.name));
      return callTool(messages, action.name, action.args);
    }
  }
}

/**
 * Decides the next step of the built-in demo model. Pure, so its rules are unit-tested.
 *
 * Rules (the person's message is read by {@link recognizeIntent}, English or Chinese, and
 * every reply of the turn is in the language of that message):
 * - A file write ("write hello to notes.txt", "把 hello 写入 notes.txt"), "delete the old
 *   rows" or "show my notes": call `write_file` / `execute_sql`; after the result, say what
 *   ran as the tool reports it (an approver's edit included), or that the person refused
 *   (quoting their reason). Reading, listing or deleting files: say the demo tools cannot.
 * - "plan a trip", "book a table" or "pick a colour": call `send_inquiry` with a markdown
 *   list of questions, a questionnaire, or options plus a suggested answer (see
 *   demo-inquiry-rules.ts); after the result, echo the answers, or on a delegation /
 *   decline / timeout say what it decided itself.
 * - Weather: if the message names a city call `get_weather {city}`; otherwise call
 *   `send_inquiry` asking which city ({@link CITY_QUESTION} in English).
 * - Last message is the result of that question: a text opening with
 *   `RESULT_OPENINGS.timeout` / `.rejected` / `.cancelled` gets a reply saying so (no second
 *   question); any other text is taken as the city and `get_weather` is called with it.
 * - Last message is the result of `get_weather`: a reply quoting the forecast (which names
 *   the city).
 * - Anything else: a short reply explaining what the demo can do.
 * Replies are split into word-sized content deltas so clients see real streaming.
 */
export function decideDemoStep(
  messages: readonly ChatMessage[],
  toolNames: readonly string[],
): ModelEvent[] {
  const offered = new Set(toolNames);
  const last = messages.at(-1);
  if (last?.role === "tool") return afterTool(messages, last, offered);
  if (last?.role === "user") return afterUser(messages, last.content, offered);
  return reply(demoTexts(requestLanguage(latestRequest(messages))).help);
}

/**
 * The built-in deterministic model: no API key, no network, same answer every time. It is
 * the default so the whole product (inquiry, devices, answer, continuation) can be shown
 * and tested end to end. Its rules are documented on {@link decideDemoStep}.
 */
export function createDemoModel(): ModelProvider {
  return {
    id: DEMO_MODEL_ID,
    async *generate(request: ModelRequest) {
      const names = request.tools.map((tool) => tool.function.name);
      for (const event of decideDemoStep(request.messages, names)) {
        if (request.signal.aborted) return;
        yield event;
        await Promise.resolve();
      }
    },
  };
}
