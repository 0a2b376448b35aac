import { CreatedAgentKeySchema, InquirySchema } from "@inquiry-hub/protocol";
import type { Inquiry } from "@inquiry-hub/protocol";
import type { TestHub } from "../helpers";

/** Mints an agent key of the person whose token is `personToken`; resolves with its secret. */
export async function mintAgentKey(hub: TestHub, personToken: string): Promise<string> {
  const response = await hub.request("/api/agent-keys", {
    token: personToken,
    body: { name: "scripted agent" },
  });
  if (response.status !== 201) throw new Error(`minting an agent key gave ${response.status}`);
  return CreatedAgentKeySchema.parse(await response.json()).secret;
}

/** The hub's record of one inquiry, read through `GET /api/inquiries/:id` as the person. */
export async function readInquiry(
  hub: TestHub,
  personToken: string,
  inquiryId: string,
): Promise<Inquiry> {
  const response = await hub.request(`/api/inquiries/${inquiryId}`, { token: personToken });
  if (response.status !== 200) throw new Error(`reading ${inquiryId} gave ${response.status}`);
  return InquirySchema.parse(await response.json());
}
