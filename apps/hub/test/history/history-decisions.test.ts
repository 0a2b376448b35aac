import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  HistoryDetailSchema,
  HistoryExportRecordSchema,
  HistoryPageSchema,
} from "@inquiry-hub/protocol";
import type { HistoryItem } from "@inquiry-hub/protocol";
import type { Client } from "@modelcontextprotocol/client";
import type { TestHub, TestLogin } from "../helpers";
import { answerOver } from "../socket-helpers";
import type { TestDevice } from "../socket-helpers";
import {
  SEND_EMAIL,
  decisionOf,
  requestApproval,
  startApprovalBench,
} from "../support/request-approval";
import type { ApprovalBench } from "../support/request-approval";

/** What the person changed before approving: a value found nowhere else in the call. */
const EDITED = { ...SEND_EMAIL.arguments, body: "We ship on Tuesday-edited-7f3a." };

/**
 * What history says about who decided what: the arguments that ran after an edit, YOLO's
 * decisions marked, a timeout nobody's (whichever device's countdown reported it), and an
 * export that keeps no argument value anywhere, the approval's question included.
 */
describe("history of decisions", () => {
  let bench: ApprovalBench;
  let hub: TestHub;
  let person: TestLogin;
  let phone: TestDevice;
  let agent: Client;
  let editedId: string;
  let yoloId: string;
  let timedOutId: string;

  async function item(id: string): Promise<HistoryItem> {
    const response = await hub.request(`/api/history/${id}`, { token: person.token });
    expect(response.status).toBe(200);
    return HistoryDetailSchema.parse(await response.json()).item;
  }

  beforeAll(async () => {
    bench = await startApprovalBench({}, "decider", "Laptop");
    ({ hub, person, phone } = bench);
    agent = await bench.agent("2025 session");

    const edited = requestApproval(agent, SEND_EMAIL);
    editedId = (await edited.progress.next("APPROVAL")).inquiryId;
    await answerOver(phone.socket, { inquiryId: editedId, action: "edit", args: EDITED });
    expect(decisionOf(await edited.call)).toMatchObject({ decision: "edit", arguments: EDITED });

    const question = await hub.hub.inquiries.create(person.userId, { question: "Lunch at one?" });
    timedOutId = question.id;
    const timedOut = await answerOver(phone.socket, { inquiryId: timedOutId, action: "timeout" });
    expect(timedOut).toMatchObject({ data: { status: "timeout" } });

    const on = await hub.request("/api/settings", {
      method: "PUT",
      token: person.token,
      body: { yolo: { enabled: true } },
    });
    expect(on.status).toBe(200);
    yoloId = decisionOf(
      await requestApproval(agent, { ...SEND_EMAIL, tool: "archive" }).call,
    ).inquiryId;
  });
  afterAll(async () => {
    await bench.reset();
    await bench.close();
  });

  it("shows an edited approval's original arguments and the edited ones that ran", async () => {
    expect(await item(editedId)).toMatchObject({
      status: "answered",
      decision: "edited",
      decidedBy: "person",
      byDeviceName: "Pixel 7",
      approval: {
        tool: "send_email",
        upstream: "langgraph",
        description: "Send an email on the person's behalf.",
        arguments: SEND_EMAIL.arguments,
        editedArguments: EDITED,
      },
    });
  });

  it("marks the approval YOLO let run, with no device", async () => {
    const listed = await hub.request("/api/history?tool=archive", { token: person.token });
    const [yolo] = HistoryPageSchema.parse(await listed.json()).items;
    expect(yolo).toMatchObject({
      id: yoloId,
      decision: "approved",
      decidedBy: "yolo",
      byDeviceId: null,
      byDeviceName: null,
    });
    expect(yolo?.approval?.editedArguments).toBeUndefined();
  });

  it("names no device for a timeout a device's countdown reported", async () => {
    expect(await item(timedOutId)).toMatchObject({
      status: "timeout",
      decision: "timeout",
      decidedBy: "nobody",
      byDeviceId: null,
      byDeviceName: null,
    });
    const detail = HistoryDetailSchema.parse(
      await (await hub.request(`/api/history/${timedOutId}`, { token: person.token })).json(),
    );
    expect(detail.audit.at(-1)).toMatchObject({ to: "timeout", byDeviceId: null });
    const byPhone = await hub.request(`/api/history?device=Pixel%207`, { token: person.token });
    const ids = HistoryPageSchema.parse(await byPhone.json()).items.map((each) => each.id);
    expect(ids).toEqual([editedId]);
  });

  it("exports no argument value anywhere, question and edited arguments included", async () => {
    const stored = await hub.hub.inquiries.get(person.userId, editedId);
    expect(stored.question, "the question shows the arguments").toContain("We ship on Monday.");
    const secrets = [...Object.values(SEND_EMAIL.arguments), EDITED.body].map(String);
    for (const format of ["jsonl", "csv"]) {
      const response = await hub.request(`/api/history/export?format=${format}`, {
        token: person.token,
      });
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toContain(editedId);
      for (const secret of secrets) expect(text, `${format}: ${secret}`).not.toContain(secret);
    }
    const response = await hub.request(`/api/history/export?format=jsonl&tool=send_email`, {
      token: person.token,
    });
    const record = HistoryExportRecordSchema.parse(JSON.parse(await response.text()));
    expect(record).toMatchObject({ decision: "edited", decidedBy: "person", response: "edit" });
    expect(Object.keys(record.values ?? {})).toEqual(Object.keys(EDITED));
  });
});
