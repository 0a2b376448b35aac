import { RESULT_OPENINGS } from "@inquiry-hub/protocol";
import { describe, expect, it } from "vitest";
import { CITY_QUESTION, createDemoModel, decideDemoStep } from "./demo-model";
import { TOOL_ERROR_PREFIX } from "../loop/model-provider";
import type { ChatMessage, ModelEvent } from "../loop/model-provider";

const ALL_TOOLS = ["send_inquiry", "get_weather", "write_file", "execute_sql"];

function textOf(events: ModelEvent[]): string {
  return events.map((event) => (event.type === "content" ? event.text : "")).join("");
}

function toolCallOf(events: ModelEvent[]): { name: string; args: unknown } | undefined {
  const event = events.find((candidate) => candidate.type === "tool_call");
  if (event?.type !== "tool_call") return undefined;
  return { name: event.call.function.name, args: JSON.parse(event.call.function.arguments) };
}

function afterToolResult(
  toolName: string,
  args: unknown,
  result: string,
  asked = "What's the weather tomorrow?",
): ChatMessage[] {
  return [
    { role: "user", content: asked },
    {
      role: "assistant",
      content: null,
      tool_calls: [
        {
          id: "call_1",
          type: "function",
          function: { name: toolName, arguments: JSON.stringify(args) },
        },
      ],
    },
    { role: "tool", tool_call_id: "call_1", content: result },
  ];
}

describe("demo model rules", () => {
  it.each([
    ["What's the weather in Hangzhou tomorrow?", "Hangzhou"],
    ["Will it rain in San Francisco?", "San Francisco"],
    ["forecast for Paris please", "Paris"],
    ["TEMPERATURE in São Paulo", "São Paulo"],
  ])("calls get_weather directly when %j names a city", (text, city) => {
    const events = decideDemoStep([{ role: "user", content: text }], ALL_TOOLS);
    expect(toolCallOf(events)).toEqual({ name: "get_weather", args: { city } });
  });

  it("asks which city through send_inquiry when none is named", () => {
    const events = decideDemoStep(
      [{ role: "user", content: "What's the weather tomorrow?" }],
      ALL_TOOLS,
    );
    expect(toolCallOf(events)).toEqual({ name: "send_inquiry", args: { prompt: CITY_QUESTION } });
  });

  it("treats an inquiry answer as the city", () => {
    const events = decideDemoStep(
      afterToolResult("send_inquiry", { prompt: CITY_QUESTION }, "Hangzhou"),
      ALL_TOOLS,
    );
    expect(toolCallOf(events)).toEqual({ name: "get_weather", args: { city: "Hangzhou" } });
  });

  it.each([
    [
      `${RESULT_OPENINGS.timeout} within 120 seconds: the question timed out.`,
      /^No answer came in time/,
    ],
    [`${RESULT_OPENINGS.rejected}. Do not ask again.`, /^You chose not to say which city/],
    [`${RESULT_OPENINGS.cancelled} before the person answered.`, /cancelled/],
    [`${TOOL_ERROR_PREFIX}hub unavailable`, /could not ask/],
  ])("replies without asking again after %j", (result, expected) => {
    const events = decideDemoStep(
      afterToolResult("send_inquiry", { prompt: CITY_QUESTION }, result),
      ALL_TOOLS,
    );
    expect(toolCallOf(events)).toBeUndefined();
    expect(textOf(events)).toMatch(expected);
  });

  it("quotes the forecast, city included, after get_weather", () => {
    const forecast = "Tomorrow in Hangzhou: light rain, 18–24 °C, wind 3 m/s";
    const events = decideDemoStep(
      afterToolResult("get_weather", { city: "Hangzhou" }, forecast),
      ALL_TOOLS,
    );
    expect(textOf(events)).toContain(forecast);
    expect(events.length).toBeGreaterThan(3);
  });

  it("explains itself for anything else", () => {
    const events = decideDemoStep([{ role: "user", content: "hello" }], ALL_TOOLS);
    expect(toolCallOf(events)).toBeUndefined();
    expect(textOf(events)).toMatch(/weather/);
  });

  it("does not call tools that are not offered", () => {
    const events = decideDemoStep([{ role: "user", content: "weather please" }], ["get_weather"]);
    expect(toolCallOf(events)).toBeUndefined();
  });

  it("asks which city in Chinese when a Chinese request names none", () => {
    const events = decideDemoStep([{ role: "user", content: "明天天气怎么样" }], ALL_TOOLS);
    expect(toolCallOf(events)).toEqual({
      name: "send_inquiry",
      args: { prompt: "你想查哪个城市的天气？" },
    });
  });

  it("calls get_weather with the city a Chinese request names", () => {
    const events = decideDemoStep([{ role: "user", content: "明天杭州会下雨吗？" }], ALL_TOOLS);
    expect(toolCallOf(events)).toEqual({ name: "get_weather", args: { city: "杭州" } });
  });

  it("takes a Chinese answer as the city and gives the forecast in Chinese", () => {
    const question = { prompt: "你想查哪个城市的天气？" };
    const asked = afterToolResult("send_inquiry", question, "杭州。", "明天天气怎么样");
    expect(toolCallOf(decideDemoStep(asked, ALL_TOOLS))).toEqual({
      name: "get_weather",
      args: { city: "杭州" },
    });
    const forecast = "Tomorrow in 杭州: fog in the morning, then clear, -3–2 °C, wind 3 m/s";
    const events = decideDemoStep(
      afterToolResult("get_weather", { city: "杭州" }, forecast, "明天天气怎么样"),
      ALL_TOOLS,
    );
    expect(textOf(events)).toBe("明天杭州的天气：早上有雾，之后转晴，-3–2 °C，风速 3 m/s。");
  });

  it("quotes a forecast of another shape as it came, in Chinese too", () => {
    const events = decideDemoStep(
      afterToolResult("get_weather", { city: "杭州" }, "Sunny all week", "杭州天气"),
      ALL_TOOLS,
    );
    expect(textOf(events)).toBe("天气预报：Sunny all week。");
  });

  it.each([
    [`${RESULT_OPENINGS.timeout} within 120 seconds: the question timed out.`, /^没有及时收到回答/],
    [`${RESULT_OPENINGS.rejected}. Do not ask again.`, /^你选择不说城市/],
  ])("replies in Chinese after %j", (result, expected) => {
    const events = decideDemoStep(
      afterToolResult(
        "send_inquiry",
        { prompt: "你想查哪个城市的天气？" },
        result,
        "明天天气怎么样",
      ),
      ALL_TOOLS,
    );
    expect(textOf(events)).toMatch(expected);
  });

  it("streams a Chinese reply in pieces of a few characters", () => {
    const events = decideDemoStep([{ role: "user", content: "你好" }], ALL_TOOLS);
    expect(events.length).toBeGreaterThan(20);
    expect(events.every((event) => event.type === "content" && event.text.length <= 30)).toBe(true);
  });

  it("explains itself in the language of the message", () => {
    expect(textOf(decideDemoStep([{ role: "user", content: "你好" }], ALL_TOOLS))).toMatch(
      /^我是 Inquiry Hub 的演示智能体/,
    );
    expect(textOf(decideDemoStep([{ role: "user", content: "hello" }], ALL_TOOLS))).toMatch(
      /^I'm the Inquiry Hub demo agent/,
    );
  });

  it.each([
    ["读取 notes.txt", /^我读不了 notes\.txt/],
    ["read notes.txt", /^I can't read notes\.txt/],
    ["delete notes.txt", /^I can't delete notes\.txt/],
    ["列出所有文件", /^我列不出文件/],
  ])("says the demo tools cannot do %j", (text, expected) => {
    const events = decideDemoStep([{ role: "user", content: text }], ALL_TOOLS);
    expect(toolCallOf(events)).toBeUndefined();
    expect(textOf(events)).toMatch(expected);
  });

  it("streams the same events through the provider interface", async () => {
    const model = createDemoModel();
    const events: ModelEvent[] = [];
    const request = {
      messages: [{ role: "user" as const, content: "hi" }],
      tools: [],
      signal: new AbortController().signal,
    };
    for await (const event of model.generate(request)) events.push(event);
    expect(events).toEqual(decideDemoStep(request.messages, []));
  });
});
