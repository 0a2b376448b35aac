import { describe, expect, it } from "vitest";
import { notRunMessage } from "./not-run-message";

const NO_RETRY =
  "Do not retry the same call; adapt your plan or ask the person what they want instead.";

describe("notRunMessage", () => {
  it.each([
    ["reject", {}, `The person rejected the call to send_email, so it was not run. ${NO_RETRY}`],
    [
      "reject",
      { message: "not today" },
      `The person rejected the call to send_email, so it was not run. Their message: "not today". ${NO_RETRY}`,
    ],
    [
      "timeout",
      {},
      `No decision on the call to send_email: nobody decided in time, so it was not run. ${NO_RETRY}`,
    ],
    [
      "cancelled",
      {},
      `The approval request for send_email was cancelled before anyone decided, so it was not run. ${NO_RETRY}`,
    ],
    [
      "edit",
      { arguments: { to: "bob@example.com" } },
      'The person edited the arguments of send_email, which this agent cannot apply, so it was not run. They wanted: {"to":"bob@example.com"}',
    ],
  ] as const)("says why a %s call did not run (%o)", (decision, details, text) => {
    expect(notRunMessage("send_email", decision, details)).toBe(text);
  });
});
