import { describe, expect, it } from "vitest";
import { ApiErrorBodySchema, HistoryDetailSchema, HistoryPageSchema } from "@inquiry-hub/protocol";
import { useHubWithStranger } from "../support/hub-with-stranger";

describe("history API", () => {
  const suite = useHubWithStranger();

  async function page(query: string, token = suite.owner.token) {
    const response = await suite.hub.request(`/api/history${query}`, { token });
    expect(response.status).toBe(200);
    return HistoryPageSchema.parse(await response.json());
  }

  it("lists a resolved inquiry with its answer, device, duration, and its audit trail", async () => {
    const inquiry = await suite.hub.hub.inquiries.create(suite.owner.userId, {
      question: "Which city?",
    });
    const answered = await suite.hub.request(`/api/inquiries/${inquiry.id}/answer`, {
      token: suite.owner.token,
      body: { action: "answer", response: "Hangzhou" },
    });
    expect(answered.status).toBe(200);

    const item = (await page("?status=answered")).items.find((each) => each.id === inquiry.id);
    expect(item).toMatchObject({
      question: "Which city?",
      status: "answered",
      response: "Hangzhou",
      byDeviceId: suite.owner.deviceId,
      byDeviceName: "Work laptop",
      failedDeliveries: 0,
    });
    expect(item?.durationMs).toBeGreaterThanOrEqual(0);
    expect((await page("?status=pending")).items.map((each) => each.id)).not.toContain(inquiry.id);

    const detail = HistoryDetailSchema.parse(
      await (
        await suite.hub.request(`/api/history/${inquiry.id}`, { token: suite.owner.token })
      ).json(),
    );
    expect(detail.audit).toMatchObject([
      { from: null, to: "pending", byDeviceId: null },
      {
        from: "pending",
        to: "answered",
        byDeviceId: suite.owner.deviceId,
        byDeviceName: "Work laptop",
      },
    ]);
  });

  it("pages newest first with a `before` cursor", async () => {
    const user = await suite.hub.registerUser("pager");
    for (const question of ["first", "second", "third"]) {
      await suite.hub.hub.inquiries.create(user.userId, { question });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const first = await page("?limit=2", user.token);
    expect(first.items.map((each) => each.question)).toEqual(["third", "second"]);
    expect(first.nextBefore).toBeDefined();
    const second = await page(`?limit=2&before=${first.nextBefore ?? ""}`, user.token);
    expect(second.items.map((each) => each.question)).toEqual(["first"]);
    expect(second.nextBefore).toBeUndefined();
  });

  it("hides other users' inquiries and refuses bad queries", async () => {
    const inquiry = await suite.hub.hub.inquiries.create(suite.owner.userId, { question: "Mine?" });
    const foreign = await suite.hub.request(`/api/history/${inquiry.id}`, {
      token: suite.stranger.token,
    });
    expect(foreign.status).toBe(404);
    expect((await page("", suite.stranger.token)).items).toEqual([]);
    const bad = await suite.hub.request("/api/history?limit=0", { token: suite.owner.token });
    expect(bad.status).toBe(400);
    expect(ApiErrorBodySchema.parse(await bad.json()).error.message).toMatch(/limit/);
    expect((await suite.hub.request("/api/history")).status).toBe(401);
  });
});
