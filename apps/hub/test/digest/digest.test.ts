import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorBodySchema, DigestSchema } from "@inquiry-hub/protocol";
import type { Digest } from "@inquiry-hub/protocol";
import type { TestHub, TestLogin } from "../helpers";
import { answerOver } from "../socket-helpers";
import {
  SEND_EMAIL,
  decisionOf,
  requestApproval,
  startApprovalBench,
} from "../support/request-approval";
import type { ApprovalBench } from "../support/request-approval";

const today = () => new Date().toISOString().slice(0, 10);

/**
 * One day of a person: an approval they decided on their phone, one a rule let pass, one
 * YOLO let run, a question that timed out and one still open. The digest of that day names
 * each with who decided it, counts them per asking agent key and links to history.
 */
describe("GET /api/digest", () => {
  let bench: ApprovalBench;
  let hub: TestHub;
  let person: TestLogin;
  let digest: Digest;
  const ids: Record<"person" | "rule" | "yolo" | "timeout" | "pending", string> = {
    person: "",
    rule: "",
    yolo: "",
    timeout: "",
    pending: "",
  };

  beforeAll(async () => {
    bench = await startApprovalBench({ webPublicUrl: "https://hub.example.com" }, "digester");
    ({ hub, person } = bench);
    const agent = await bench.agent("2025 session");

    const asked = requestApproval(agent, SEND_EMAIL);
    ids.person = (await asked.progress.next("APPROVAL")).inquiryId;
    const rule = await hub.request("/api/approval-rules", {
      token: person.token,
      body: {
        fromInquiryId: ids.person,
        agent: "this-agent",
        conditions: [{ arg: "to", glob: [String(SEND_EMAIL.arguments.to)] }],
        duration: "1h",
        name: "Mail to Ada",
      },
    });
    expect(rule.status).toBe(201);
    await answerOver(bench.phone.socket, { inquiryId: ids.person, action: "approve" });
    await asked.call;
    ids.rule = decisionOf(await requestApproval(agent, SEND_EMAIL).call).inquiryId;

    const question = await hub.hub.inquiries.create(person.userId, { question: "Lunch at one?" });
    ids.timeout = question.id;
    await answerOver(bench.phone.socket, { inquiryId: ids.timeout, action: "timeout" });
    ids.pending = (await hub.hub.inquiries.create(person.userId, { question: "Ship it?" })).id;

    const yolo = await hub.request("/api/settings", {
      method: "PUT",
      token: person.token,
      body: { yolo: { enabled: true } },
    });
    expect(yolo.status).toBe(200);
    ids.yolo = decisionOf(
      await requestApproval(agent, { ...SEND_EMAIL, tool: "archive" }).call,
    ).inquiryId;

    const response = await hub.request(`/api/digest?day=${today()}&timeZone=UTC`, {
      token: person.token,
    });
    expect(response.status).toBe(200);
    digest = DigestSchema.parse(await response.json());
  });
  afterAll(async () => {
    await bench.reset();
    await bench.close();
  });

  it("counts the day and who asked it", () => {
    expect(digest).toMatchObject({ day: today(), timeZone: "UTC", truncated: false });
    expect(digest.totals).toEqual({
      asked: 5,
      questions: 2,
      approvals: 3,
      approved: 3,
      answered: 0,
      rejected: 0,
      timedOut: 1,
      pending: 1,
    });
    expect(digest.askers.find((asker) => asker.name === "framework bridge")).toMatchObject({
      approvals: 3,
      questions: 0,
    });
  });

  it("names who decided each: the person's device, a rule by name, YOLO, nobody", () => {
    const decided = new Map(digest.decided.map((item) => [item.id, item]));
    expect(decided.get(ids.person)).toMatchObject({
      what: "send_email",
      decision: "approved",
      decidedBy: "person",
      byDeviceName: "Pixel 7",
      link: `https://hub.example.com/history/${ids.person}`,
    });
    expect(decided.get(ids.rule)).toMatchObject({ decidedBy: "rule", byRuleName: "Mail to Ada" });
    expect(decided.get(ids.yolo)).toMatchObject({ what: "archive", decidedBy: "yolo" });
    expect(digest.timedOut).toEqual([
      expect.objectContaining({ id: ids.timeout, what: "Lunch at one?", decidedBy: "nobody" }),
    ]);
    expect(digest.pending.map((item) => item.id)).toEqual([ids.pending]);
  });

  it("keeps another day and another person's day empty", async () => {
    const before = await hub.request("/api/digest?day=2020-01-01", { token: person.token });
    expect(DigestSchema.parse(await before.json()).totals.asked).toBe(0);
    const stranger = await hub.registerUser("digest-stranger");
    const theirs = await hub.request(`/api/digest?day=${today()}`, { token: stranger.token });
    expect(DigestSchema.parse(await theirs.json()).totals.asked).toBe(0);
  });

  it("defaults to yesterday in UTC", async () => {
    const response = await hub.request("/api/digest", { token: person.token });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(DigestSchema.parse(await response.json())).toMatchObject({
      day: yesterday,
      timeZone: "UTC",
    });
  });

  it.each([
    ["day=2026-13-01", "day"],
    ["day=yesterday", "day"],
    ["timeZone=Mars/Olympus", "timeZone"],
    ["day=2026-01-01&extra=1", "query"],
  ])("refuses %s with a 400 naming %s", async (query, named) => {
    const response = await hub.request(`/api/digest?${query}`, { token: person.token });
    expect(response.status).toBe(400);
    expect(ApiErrorBodySchema.parse(await response.json()).error.message).toMatch(
      new RegExp(`^${named}`),
    );
  });
});
