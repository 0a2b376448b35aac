import { InquirySchema } from "@inquiry-hub/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { resultText } from "../helpers";
import { startTestCluster } from "../support/cluster";
import type { TestCluster, TestNode } from "../support/cluster";

const INQUIRIES = 1_000;
const BATCH = 100;
const InquiryListSchema = z.array(InquirySchema);

/**
 * Volume across nodes: 1,000 send_inquiry calls held by node A (created over MCP in batches
 * of 100), each answered twice at the same moment, once through each node, by two devices.
 */
describe("1,000 inquiries answered concurrently through two nodes", () => {
  let cluster: TestCluster;
  let nodeA: TestNode;
  let nodeB: TestNode;

  beforeAll(async () => {
    cluster = await startTestCluster(
      { name: "load", leaseSeconds: 10 },
      {
        heartbeatSeconds: 60,
        // One credential asks and holds every call.
        pendingInquiriesPerUser: 1_000,
        pendingInquiriesPerCredential: 1_000,
        heldCallCaps: { perCredential: 1_000, perUser: 1_000 },
      },
    );
    ({ nodeA, nodeB } = cluster);
  });
  afterAll(() => cluster.close());

  it("accepts exactly one answer per inquiry, refuses the other, and returns every tool result", async () => {
    const startedAt = Date.now();
    const desk = await nodeA.registerUser("load", "desk");
    const phone = await nodeB.login(desk.username, "phone");
    const client = await nodeA.connectMcp(desk.token);

    const calls: Promise<string>[] = [];
    const pendingCount = async (): Promise<number> => {
      const response = await nodeB.request("/api/inquiries?status=pending", { token: phone.token });
      return InquiryListSchema.parse(await response.json()).length;
    };
    for (let index = 0; index < INQUIRIES; index += BATCH) {
      for (let offset = 0; offset < BATCH; offset += 1) {
        const call = client.callTool(
          { name: "send_inquiry", arguments: { prompt: `Question ${index + offset}?` } },
          undefined,
          { timeout: 120_000 },
        );
        calls.push(call.then(resultText, (error: unknown) => `failed: ${String(error)}`));
      }
      await expect.poll(pendingCount, { timeout: 20_000 }).toBe(index + BATCH);
    }
    const listed = InquiryListSchema.parse(
      await (await nodeB.request("/api/inquiries?status=pending", { token: phone.token })).json(),
    );
    expect(listed).toHaveLength(INQUIRIES);

    const statuses: number[] = [];
    for (let index = 0; index < INQUIRIES; index += BATCH) {
      const batch = listed.slice(index, index + BATCH);
      const replies = await Promise.all(
        batch.flatMap((inquiry) => [
          nodeA.request(`/api/inquiries/${inquiry.id}/answer`, {
            token: desk.token,
            body: { response: `desk:${inquiry.id}` },
          }),
          nodeB.request(`/api/inquiries/${inquiry.id}/answer`, {
            token: phone.token,
            body: { response: `phone:${inquiry.id}` },
          }),
        ]),
      );
      statuses.push(...replies.map((reply) => reply.status));
      await Promise.all(replies.map((reply) => reply.arrayBuffer()));
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(INQUIRIES);
    expect(statuses.filter((status) => status === 409)).toHaveLength(INQUIRIES);

    const texts = await Promise.all(calls);
    expect(texts).toHaveLength(INQUIRIES);
    expect(texts.every((text) => /^(desk|phone):/.test(text))).toBe(true);
    expect(await pendingCount()).toBe(0);
    const elapsedMs = Date.now() - startedAt;
    console.info(`1,000 inquiries through two nodes in ${elapsedMs} ms`);
    expect(elapsedMs).toBeLessThan(60_000);
  }, 90_000);
});
