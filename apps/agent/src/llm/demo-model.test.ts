import { RESULT_OPENINGS } from "@inquiry-hub/protocol";
import { describe, expect, it } from "vitest";
import { CITY_QUESTION, createDemoModel, decideDemoStep, findCity } from "./demo-model";
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

function afterToolResult(toolName: string, args: unknown, result: string): ChatMessage[] {
  return [
    { role: "user", content: "What's the weather tomorrow?" },
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

  it("ignores lowercase words after in/for", () => {
    expect(findCity("what's the weather in the morning")).toBeUndefined();
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
