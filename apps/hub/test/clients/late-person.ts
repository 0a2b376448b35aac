import { InquirySchema } from "@inquiry-hub/protocol";
import type { Inquiry } from "@inquiry-hub/protocol";
import type { TestHub, TestLogin } from "../helpers";
import { createAgentKey } from "../support/request-approval";
import { startPhone } from "./phone";
import type { AnswerMoment, Phone } from "./phone";

/**
 * What every test of this folder starts from: a fresh person on the hub, their phone that
 * answers each card late, and an agent key of theirs for the client under test.
 */
export interface LatePerson {
  person: TestLogin;
  phone: Phone;
  agentKey: string;
  /** The hub's record of one of the person's inquiries, read through the HTTP API. */
  record(inquiryId: string): Promise<Inquiry>;
}

/**
 * Registers a person on `hub` whose phone answers each card with `decision` at `moment`; by
 * default once the agent's client has left the card, so the answer always crosses a client
 * timeout without a fixed wait.
 */
export async function meetLatePerson(
  hub: TestHub,
  decision: Record<string, unknown>,
  moment: AnswerMoment = "once the agent left",
): Promise<LatePerson> {
  const person = await hub.registerUser("late");
  const phoneLogin = await hub.login(person.username, "phone");
  return {
    person,
    phone: await startPhone(hub.devices, phoneLogin.token, decision, moment),
    agentKey: await createAgentKey(hub, person.token),
    async record(inquiryId) {
      const response = await hub.request(`/api/inquiries/${inquiryId}`, { token: person.token });
      if (response.status !== 200) throw new Error(`reading ${inquiryId} gave ${response.status}`);
      return InquirySchema.parse(await response.json());
    },
  };
}
