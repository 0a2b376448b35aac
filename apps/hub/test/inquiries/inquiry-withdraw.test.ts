import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CreatedAgentKeySchema, InquirySchema } from "@inquiry-hub/protocol";
import { callUntilOpened, startTestHub } from "../helpers";
import type { TestHub } from "../helpers";

/**
 * `POST /api/inquiries/:id/withdraw`: how an agent whose cancel carries no reason (a
 * 2026-07-28 client closes the request's stream) takes its question back on purpose.
 */
describe("withdrawing a question on purpose over HTTP", () => {
  let hub: TestHub;
  let person: { token: string; userId: string };
  const agentKeys: string[] = [];

  beforeAll(async () => {
    hub = await startTestHub();
    person = await hub.registerUser();
    for (const name of ["build bot", "other bot"]) {
      const created = await hub.request("/api/agent-keys", { token: person.token, body: { name } });
      agentKeys.push(CreatedAgentKeySchema.parse(await created.json()).secret);
    }
  });
  afterAll(async () => {
    await hub.close();
  });

  const withdraw = (token: string, id: string) =>
    hub.request(`/api/inquiries/${id}/withdraw`, { token, method: "POST" });

  it("lets only the credential that asked withdraw its question, which ends cancelled", async () => {
    const [asker = "", other = ""] = agentKeys;
    const client = await hub.connectMcp(asker, "?hold=none");
    const { call, inquiryId } = await callUntilOpened(
      client,
      { name: "send_inquiry", arguments: { prompt: "Deploy now?" } },
      "INQUIRY",
    );
    expect((await withdraw(other, inquiryId)).status, "another agent key").toBe(404);
    expect((await withdraw(person.token, inquiryId)).status, "the person answers instead").toBe(
      404,
    );
    expect((await hub.hub.inquiries.get(person.userId, inquiryId)).status).toBe("pending");

    const withdrawn = await withdraw(asker, inquiryId);
    expect(withdrawn.status).toBe(200);
    expect(InquirySchema.parse(await withdrawn.json()).status).toBe("cancelled");
    await call; // the held call ends with the withdrawal's result
    const again = await withdraw(asker, inquiryId);
    expect(InquirySchema.parse(await again.json()).status, "a final one stays as it is").toBe(
      "cancelled",
    );
  });

  it("answers 404 for an unknown id and changes nothing", async () => {
    expect((await withdraw(agentKeys[0] ?? "", "no-such-inquiry")).status).toBe(404);
  });
});
