import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ApiErrorBodySchema, InquirySchema } from "@inquiry-hub/protocol";
import { z } from "zod";
import { useHubWithStranger } from "../support/hub-with-stranger";

describe("HTTP inquiries API", () => {
  const suite = useHubWithStranger();

  async function openInquiry(): Promise<string> {
    return (await suite.hub.hub.inquiries.create(suite.owner.userId, { question: "Which city?" }))
      .id;
  }

  async function errorOf(response: Response) {
    return ApiErrorBodySchema.parse(await response.json()).error;
  }

  it("lists and reads the owner's inquiries, filtered by status", async () => {
    const id = await openInquiry();
    const pending = z
      .array(InquirySchema)
      .parse(
        await (
          await suite.hub.request("/api/inquiries?status=pending", { token: suite.owner.token })
        ).json(),
      );
    expect(pending.map((inquiry) => inquiry.id)).toContain(id);
    const answered = z
      .array(InquirySchema)
      .parse(
        await (
          await suite.hub.request("/api/inquiries?status=answered", { token: suite.owner.token })
        ).json(),
      );
    expect(answered.map((inquiry) => inquiry.id)).not.toContain(id);
    const one = await suite.hub.request(`/api/inquiries/${id}`, { token: suite.owner.token });
    expect(InquirySchema.parse(await one.json())).toMatchObject({
      id,
      status: "pending",
      question: "Which city?",
    });
    const badStatus = await suite.hub.request("/api/inquiries?status=maybe", {
      token: suite.owner.token,
    });
    expect(badStatus.status).toBe(400);
    expect((await errorOf(badStatus)).message).toMatch(/^status: /);
  });

  it("returns 404 for unknown ids", async () => {
    expect(
      (await suite.hub.request(`/api/inquiries/${randomUUID()}`, { token: suite.owner.token }))
        .status,
    ).toBe(404);
    const answer = await suite.hub.request(`/api/inquiries/${randomUUID()}/answer`, {
      token: suite.owner.token,
      body: { response: "x" },
    });
    expect(answer.status).toBe(404);
    expect((await errorOf(answer)).code).toBe("NOT_FOUND");
  });

  it("hides another user's inquiry (404) and leaves it pending", async () => {
    const id = await openInquiry();
    expect(
      (await suite.hub.request(`/api/inquiries/${id}`, { token: suite.stranger.token })).status,
    ).toBe(404);
    const answer = await suite.hub.request(`/api/inquiries/${id}/answer`, {
      token: suite.stranger.token,
      body: { response: "mine now" },
    });
    expect(answer.status).toBe(404);
    const strangerList = z
      .array(InquirySchema)
      .parse(
        await (await suite.hub.request("/api/inquiries", { token: suite.stranger.token })).json(),
      );
    expect(strangerList).toEqual([]);
    expect((await suite.hub.hub.inquiries.get(suite.owner.userId, id)).status).toBe("pending");
  });

  it("answers once as the credential's device; a second answer is 409 naming it", async () => {
    const id = await openInquiry();
    const first = await suite.hub.request(`/api/inquiries/${id}/answer`, {
      token: suite.owner.token,
      body: { response: "Paris", deviceId: "tab-1" },
    });
    expect(first.status).toBe(200);
    const second = await suite.hub.request(`/api/inquiries/${id}/answer`, {
      token: suite.owner.token,
      body: { action: "reject", deviceId: "phone-2" },
    });
    expect(second.status).toBe(409);
    const error = await errorOf(second);
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toBe(
      `inquiry already answered on "Work laptop" (device ${suite.owner.deviceId})`,
    );
    expect(error.details).toMatchObject({
      status: "answered",
      byDeviceId: suite.owner.deviceId,
      byDeviceName: "Work laptop",
    });
    expect((await suite.hub.hub.inquiries.get(suite.owner.userId, id)).resolution?.response).toBe(
      "Paris",
    );
  });

  it("resolves exactly once when many answers race", async () => {
    const id = await openInquiry();
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        suite.hub.request(`/api/inquiries/${id}/answer`, {
          token: suite.owner.token,
          body: { response: `r${index}`, deviceId: `d${index}` },
        }),
      ),
    );
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.status === 409)).toHaveLength(7);
  });

  it("rejects invalid bodies with 400 naming the field, and changes nothing", async () => {
    const id = await openInquiry();
    const wrongType = await suite.hub.request(`/api/inquiries/${id}/answer`, {
      token: suite.owner.token,
      body: { response: 42 },
    });
    expect(wrongType.status).toBe(400);
    expect((await errorOf(wrongType)).message).toMatch(/^response: Invalid input: expected string/);
    const approve = await suite.hub.request(`/api/inquiries/${id}/answer`, {
      token: suite.owner.token,
      body: { action: "approve" },
    });
    expect(approve.status).toBe(400);
    expect((await errorOf(approve)).message).toMatch(/^action: /);
    const malformed = await suite.hub.request(`/api/inquiries/${id}/answer`, {
      token: suite.owner.token,
      rawBody: "{not json",
    });
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).code).toBe("BAD_REQUEST");
    const huge = await suite.hub.request(`/api/inquiries/${id}/answer`, {
      token: suite.owner.token,
      body: { response: "x".repeat(70_000) },
    });
    expect(huge.status).toBe(413);
    expect((await errorOf(huge)).code).toBe("PAYLOAD_TOO_LARGE");
    expect((await suite.hub.hub.inquiries.get(suite.owner.userId, id)).status).toBe("pending");
  });

  it("requires a token (401) and answers unknown routes with the error shape", async () => {
    const id = await openInquiry();
    expect(
      (await suite.hub.request(`/api/inquiries/${id}/answer`, { body: { response: "x" } })).status,
    ).toBe(401);
    const unknown = await suite.hub.request("/api/nothing-here", { token: suite.owner.token });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).code).toBe("NOT_FOUND");
  });
});
