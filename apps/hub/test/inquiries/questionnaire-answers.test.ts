import { afterEach, describe, expect, it } from "vitest";
import { InquirySchema, RESULT_OPENINGS } from "@inquiry-hub/protocol";
import type { Question } from "@inquiry-hub/protocol";
import { z } from "zod";
import { createProgressRecorder, resultText, startTestHub } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import { answerOver, nextEvent } from "../socket-helpers";
import type { TestDevice } from "../socket-helpers";

const BOOKING: Question[] = [
  { id: "size", text: "How many people?", kind: "number", required: true },
  { id: "time", text: "What time?", kind: "single_choice", options: ["19:00", "20:00"] },
  { id: "terrace", text: "Terrace?", kind: "boolean" },
];

const ErrorBodySchema = z.object({ error: z.object({ message: z.string() }) });

const StructuredResultSchema = z.object({
  content: z.array(z.object({ type: z.literal("text"), text: z.string() })),
  structuredContent: z.object({ values: z.record(z.string(), z.unknown()) }),
});

describe("questionnaires, markdown lists, suggested answers and delegation", () => {
  let hub: TestHub;
  let login: TestLogin;
  let device: TestDevice;
  afterEach(() => hub.close());

  async function ask(args: Record<string, unknown>) {
    hub = await startTestHub();
    login = await hub.registerUser("quiz", "Phone");
    device = await hub.devices.connect({ token: login.token });
    const client = await hub.connectMcp(login.token);
    const progress = createProgressRecorder();
    const arrived = nextEvent(device.socket, "inquiry:new");
    const call = client.callTool({ name: "send_inquiry", arguments: args }, undefined, {
      onprogress: progress.onprogress,
    });
    const inquiry = await arrived;
    return { call, inquiry, progress };
  }

  const answer = (id: string, body: unknown) =>
    hub.request(`/api/inquiries/${id}/answer`, { token: login.token, body });

  it("stores the questions, refuses bad values naming the question, returns pairs + JSON", async () => {
    const { call, inquiry, progress } = await ask({ prompt: "Book a table", questions: BOOKING });
    expect(inquiry.questions).toEqual(BOOKING);
    expect(await progress.next("INQUIRY")).toMatchObject({ questions: BOOKING });

    for (const [body, message] of [
      [
        { action: "answer", values: { time: "20:00" } },
        'question "size" (How many people?): is required',
      ],
      [{ action: "answer", values: { size: 2, time: "21:00" } }, 'question "time"'],
      [{ action: "answer", response: "four" }, "values: this inquiry is a questionnaire"],
    ] as const) {
      const refused = await answer(inquiry.id, body);
      expect(refused.status).toBe(400);
      expect(ErrorBodySchema.parse(await refused.json()).error.message).toContain(message);
    }
    const socketRefusal = await answerOver(device.socket, {
      inquiryId: inquiry.id,
      action: "answer",
      values: { size: "lots" },
    });
    expect(socketRefusal).toMatchObject({ error: { code: "BAD_REQUEST" } });
    const still = InquirySchema.parse(
      await (await hub.request(`/api/inquiries/${inquiry.id}`, { token: login.token })).json(),
    );
    expect(still.status).toBe("pending");

    const ok = await answer(inquiry.id, { action: "answer", values: { size: 4, terrace: true } });
    expect(ok.status).toBe(200);
    const result = StructuredResultSchema.parse(await call);
    expect(result.content[0]?.text).toBe(
      "How many people?: 4\nWhat time?: (no answer)\nTerrace?: yes",
    );
    expect(JSON.parse(result.content[1]?.text ?? "")).toEqual({
      values: { size: 4, terrace: true },
    });
    expect(result.structuredContent).toEqual({ values: { size: 4, terrace: true } });
  });

  it("refuses malformed questions as a tool error, creating nothing", async () => {
    hub = await startTestHub();
    login = await hub.registerUser("quiz");
    const client = await hub.connectMcp(login.token);
    const result = await client.callTool({
      name: "send_inquiry",
      arguments: { prompt: "?", questions: [{ id: "a", text: "A?", kind: "single_choice" }] },
    });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain("options");
    const list = await (await hub.request("/api/inquiries", { token: login.token })).json();
    expect(list).toEqual([]);
  });

  it("returns a markdown answer to a list of questions as written", async () => {
    const prompt = "Before I plan:\n\n- Where to?\n- How many days?";
    const { call, inquiry } = await ask({ prompt });
    const markdown = "- Where to?\n  Lisbon\n- How many days?\n  4";
    expect((await answer(inquiry.id, { action: "answer", response: markdown })).status).toBe(200);
    expect(resultText(await call)).toBe(markdown);
  });

  it("offers the suggested answer, which the person may submit as is", async () => {
    const { call, inquiry } = await ask({
      prompt: "Pick a colour",
      options: ["red", "blue"],
      suggested_answer: "blue",
    });
    expect(inquiry.suggestedAnswer).toBe("blue");
    expect((await answer(inquiry.id, { response: inquiry.suggestedAnswer })).status).toBe(200);
    expect(resultText(await call)).toBe("blue");
  });

  it("records a delegation by the device and hands the decision to the model", async () => {
    const { call, inquiry } = await ask({ prompt: "Pick a colour", suggested_answer: "blue" });
    const withdrawn = nextEvent(device.socket, "inquiry:withdrawn");
    const ack = await answerOver(device.socket, { inquiryId: inquiry.id, action: "delegate" });
    expect(ack).toMatchObject({
      data: {
        status: "answered",
        resolution: { delegated: true, byDeviceId: login.deviceId },
      },
    });
    expect((await withdrawn).status).toBe("answered");
    const text = resultText(await call);
    expect(text.startsWith(RESULT_OPENINGS.delegated)).toBe(true);
    expect(text).toContain("state what you decided");
  });
});
