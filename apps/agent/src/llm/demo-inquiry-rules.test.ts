import { RESULT_OPENINGS } from "@inquiry-hub/protocol";
import { describe, expect, it } from "vitest";
import { decideDemoStep } from "./demo-model";
import { TABLE_QUESTIONS, TRIP_PROMPT } from "./demo-inquiry-rules";
import type { ChatMessage, ModelEvent } from "../loop/model-provider";

const TOOLS = ["send_inquiry", "get_weather"];

function textOf(events: ModelEvent[]): string {
  return events.map((event) => (event.type === "content" ? event.text : "")).join("");
}

function askedWith(text: string): Record<string, unknown> | undefined {
  const event = decideDemoStep([{ role: "user", content: text }], TOOLS)[0];
  return event?.type === "tool_call"
    ? (JSON.parse(event.call.function.arguments) as Record<string, unknown>)
    : undefined;
}

function replyTo(userText: string, result: string): string {
  const args = askedWith(userText);
  const messages: ChatMessage[] = [
    { role: "user", content: userText },
    {
      role: "assistant",
      content: null,
      tool_calls: [
        {
          id: "c1",
          type: "function",
          function: { name: "send_inquiry", arguments: JSON.stringify(args) },
        },
      ],
    },
    { role: "tool", tool_call_id: "c1", content: result },
  ];
  return textOf(decideDemoStep(messages, TOOLS));
}

describe("demo inquiry rules", () => {
  it("asks a markdown list for a trip, a questionnaire for a table, options + suggestion for a colour", () => {
    expect(askedWith("Please plan a trip for me")).toEqual({ prompt: TRIP_PROMPT });
    expect(askedWith("Book a table tonight")).toMatchObject({ questions: TABLE_QUESTIONS });
    expect(askedWith("pick a colour")).toMatchObject({
      options: ["red", "green", "blue"],
      suggested_answer: "blue",
    });
  });

  it("echoes the answers", () => {
    expect(replyTo("plan a trip", "- Where?\n  Rome")).toContain("- Where?\n  Rome");
    expect(
      replyTo(
        "book a table",
        'How many people?: 4\nWhat time?: 20:00\n{"values":{"party_size":4}}',
      ),
    ).toBe("Your table is booked. How many people?: 4; What time?: 20:00.");
    expect(replyTo("pick a colour", "green")).toBe("I picked green, as you chose.");
  });

  it("says it decided itself when the person delegated or gave no answer", () => {
    expect(replyTo("pick a colour", `${RESULT_OPENINGS.delegated}: decide.`)).toBe(
      "You left this to me, so I decided myself: blue.",
    );
    expect(replyTo("plan a trip", `${RESULT_OPENINGS.rejected}. Do not ask again.`)).toContain(
      "decided myself",
    );
  });
  it("asks and replies in Chinese for a Chinese request", () => {
    expect(askedWith("帮我规划一次旅行")).toEqual({
      prompt: "为了规划你的旅行，我需要几个信息：\n\n- 你想去哪里？\n- 玩几天？\n- 预算是多少？",
    });
    expect(askedWith("帮我选个颜色")).toMatchObject({
      prompt: "我该选哪个颜色？",
      options: ["红色", "绿色", "蓝色"],
      suggested_answer: "蓝色",
    });
    expect(replyTo("帮我选个颜色", "绿色")).toBe("我按你的选择选了绿色。");
    expect(replyTo("帮我订个位", '几位？: 4\n几点？: 20:00\n{"values":{"party_size":4}}')).toBe(
      "已为你订好位。几位？: 4；几点？: 20:00。",
    );
    expect(replyTo("帮我选个颜色", `${RESULT_OPENINGS.delegated}: decide.`)).toBe(
      "你让我自己决定，所以我决定了：蓝色。",
    );
  });
});
