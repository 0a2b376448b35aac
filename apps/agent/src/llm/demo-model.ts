import { DEMO_MODEL_ID, HUB_TOOL_NAMES, RESULT_OPENINGS } from "@inquiry-hub/protocol";
import { findDemoInquiry, replyAfterDemoInquiry } from "./demo-inquiry-rules";
import { findDemoAction, replyAfterAction } from "./demo-model-actions";
import { TOOL_ERROR_PREFIX } from "../loop/model-provider";
import type {
  ChatMessage,
  ModelEvent,
  ModelProvider,
  ModelRequest,
  ToolCall,
} from "../loop/model-provider";

/** The question the demo model asks when the user wants weather but names no city. */
export const CITY_QUESTION = "Which city should I check the weather for?";

const WEATHER_PATTERN = /\b(?:weather|forecast|rain|temperature)/i;
const CITY_PATTERN =
  /\b(?:[Ii]n|[Ff]or)\s+([\p{Lu}\p{Lo}][\p{L}'’.-]*(?:\s+[\p{Lu}\p{Lo}][\p{L}'’.-]*)*)/u;

const HELP_TEXT =
  "I'm the Inquiry Hub demo agent. Ask me about the weather, for example \"What's the weather in Hangzhou tomorrow?\". " +
  "If you don't name a city I'll ask you which one, and you can answer from any of your devices. " +
  'I can also "save a note saying hello to notes.txt" or "delete the old rows"; you approve those first. ' +
  'Or ask me to "plan a trip", "book a table" or "pick a colour".';

/** The city named in a sentence (`in <Capitalized Words>` or `for <City>`), if any. */
export function findCity(text: string): string | undefined {
  return CITY_PATTERN.exec(text)?.[1]?.replace(/[.’']+$/u, "");
}

function reply(text: string): ModelEvent[] {
  return (text.match(/\S+\s*/g) ?? [text]).map((piece) => ({ type: "content", text: piece }));
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
): ModelEvent[] {
  if (answer.startsWith(TOOL_ERROR_PREFIX)) {
    return reply(`I could not ask you which city: ${answer.slice(TOOL_ERROR_PREFIX.length)}`);
  }
  if (answer.startsWith(RESULT_OPENINGS.timeout)) {
    return reply(
      "No answer came in time, so I did not check the weather. Tell me the city and I'll look it up.",
    );
  }
  if (answer.startsWith(RESULT_OPENINGS.rejected)) {
    return reply(
      "You chose not to say which city, so I did not check the weather. Name a city any time and I'll look it up.",
    );
  }
  if (answer.startsWith(RESULT_OPENINGS.delegated)) {
    return reply(
      "You left the city to me, so I decided myself: I did not guess a city for you. Name one any time and I'll look it up.",
    );
  }
  if (answer.startsWith(RESULT_OPENINGS.cancelled)) {
    return reply(
      "The question was cancelled before anyone answered, so I did not check the weather.",
    );
  }
  const city = answer
    .trim()
    .replace(/[.!?。]+$/u, "")
    .trim();
  if (city === "") return reply("I did not get a city name, so I did not check the weather.");
  if (!offered.has("get_weather"))
    return reply(`The weather tool is not available right now, so I can't check ${city}.`);
  return callTool(messages, "get_weather", { city });
}

function afterTool(
  messages: readonly ChatMessage[],
  last: ChatMessage & { role: "tool" },
  offered: Set<string>,
): ModelEvent[] {
  const call = toolCallOf(messages, last.tool_call_id);
  const toolName = call?.function.name;
  if (call !== undefined && (toolName === "write_file" || toolName === "execute_sql"))
    return reply(replyAfterAction({ name: toolName, args: argumentsOf(call) }, last.content));
  if (call !== undefined && toolName === HUB_TOOL_NAMES.sendInquiry) {
    const own = replyAfterDemoInquiry(String(argumentsOf(call).prompt), last.content);
    return own === undefined ? afterInquiry(messages, last.content, offered) : reply(own);
  }
  if (toolName !== "get_weather") return reply(`The tool returned: ${last.content}`);
  return last.content.startsWith(TOOL_ERROR_PREFIX)
    ? reply(`I could not get the forecast: ${last.content.slice(TOOL_ERROR_PREFIX.length)}`)
    : reply(`Here is the forecast. ${last.content}.`);
}

function afterUser(
  messages: readonly ChatMessage[],
  text: string,
  offered: Set<string>,
): ModelEvent[] {
  const action = findDemoAction(text);
  if (action !== undefined) {
    if (!offered.has(action.name))
      return reply(`The ${action.name} tool is not available right now, so I can't do that.`);
    return callTool(messages, action.name, action.args);
  }
  const inquiry = findDemoInquiry(text);
  if (inquiry !== undefined) {
    if (!offered.has(HUB_TOOL_NAMES.sendInquiry))
      return reply("I can't ask you through the hub right now, so I can't do that.");
    return callTool(messages, HUB_TOOL_NAMES.sendInquiry, { ...inquiry });
  }
  if (!WEATHER_PATTERN.test(text)) return reply(HELP_TEXT);
  const city = findCity(text);
  if (city !== undefined) {
    if (!offered.has("get_weather"))
      return reply(`The weather tool is not available right now, so I can't check ${city}.`);
    return callTool(messages, "get_weather", { city });
  }
  if (!offered.has(HUB_TOOL_NAMES.sendInquiry)) {
    return reply(
      "Which city do you mean? I can't ask through the hub right now, so please name it in your message.",
    );
  }
  return callTool(messages, HUB_TOOL_NAMES.sendInquiry, { prompt: CITY_QUESTION });
}

/**
 * Decides the next step of the built-in demo model. Pure, so its rules are unit-tested.
 *
 * Rules:
 * - Last message from the user asks to "save a note saying X to <file>" or to "delete the
 *   old rows": call `write_file` / `execute_sql` (see {@link findDemoAction}); after the
 *   result, say what was saved or deleted, or that the person refused (quoting their reason).
 * - Last message from the user asks to "plan a trip", "book a table" or "pick a colour":
 *   call `send_inquiry` with a markdown list of questions, a questionnaire, or options plus a
 *   suggested answer (see {@link findDemoInquiry}); after the result, echo the answers, or
 *   on a delegation / decline / timeout say what it decided itself.
 * - Last message from the user and it mentions weather (weather|forecast|rain|temperature,
 *   any case): if it names a city (`in <Capitalized Words>` or `for <City>`) call
 *   `get_weather {city}`; otherwise call `send_inquiry {prompt: CITY_QUESTION}`.
 * - Last message is the result of `send_inquiry`: a text opening with
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
  return reply(HELP_TEXT);
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
