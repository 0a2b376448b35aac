import type { Inquiry } from "@inquiry-hub/protocol";
import { resultFromTaskOutcome } from "@modelcontextprotocol/ext-tasks/client";
import type { TaskEnabledSession } from "@modelcontextprotocol/ext-tasks/client";
import { afterEach, beforeEach, expect } from "vitest";
import { startTestHub } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import { answerOver } from "../socket-helpers";
import type { TestDevice } from "../socket-helpers";
import { useForSuite } from "./suite-resource";

/** One hub for a describe, a new user for each of its tests, and what each test leaves open. */
export interface HubWithFreshOwner {
  readonly hub: TestHub;
  /** Registered before each test ("owner…"), so no test sees another's inquiries. */
  readonly owner: TestLogin;
  /**
   * Calls `close` (of a client, a session…) after the test, before its devices close; all
   * start together, the last handed over first (a session before the client it runs on).
   */
  closeAfterTest(close: () => Promise<void>): void;
}

/**
 * Gives the enclosing `describe` one hub (started in its beforeAll, closed in its afterAll), a
 * fresh owner before each test, and after each test closes what the test handed to
 * closeAfterTest, then every device socket it opened.
 */
export function useHubWithFreshOwner(): HubWithFreshOwner {
  const hub = useForSuite(
    "useHubWithFreshOwner",
    () => startTestHub(),
    (started) => started.close(),
  );
  const closers: (() => Promise<void>)[] = [];
  let owner: TestLogin | undefined;
  beforeEach(async () => {
    owner = await hub().registerUser("owner");
  });
  afterEach(async () => {
    await Promise.allSettled(closers.splice(0).map((close) => close()));
    hub().devices.closeAll();
  });
  return {
    get hub() {
      return hub();
    },
    get owner() {
      if (owner === undefined)
        throw new Error("useHubWithFreshOwner: the owner registers in beforeEach");
      return owner;
    },
    closeAfterTest(close) {
      closers.unshift(close);
    },
  };
}

/** A `send_inquiry` called as a task through the official ext-tasks client. */
type TaskExecution = Awaited<ReturnType<TaskEnabledSession["callTool"]>>;

/**
 * The round trip every Tasks generation must keep: `execution` is the task of `inquiry`,
 * which the hub already stores as pending, and the answer `phone` gives ("Hangzhou")
 * completes it with that text.
 */
export async function expectTaskAnsweredFromPhone(
  suite: HubWithFreshOwner,
  phone: TestDevice,
  execution: TaskExecution,
  inquiry: Inquiry,
): Promise<void> {
  expect(execution.kind).toBe("task");
  expect(execution.handle?.taskId).toBe(`inquiry.${inquiry.id}`);
  expect((await suite.hub.hub.inquiries.get(suite.owner.userId, inquiry.id)).status).toBe(
    "pending",
  );
  const ack = await answerOver(phone.socket, { inquiryId: inquiry.id, response: "Hangzhou" });
  expect(ack).toMatchObject({ data: { status: "answered" } });
  const { outcome } = await execution.settle();
  expect(resultFromTaskOutcome(outcome)).toMatchObject({
    content: [{ type: "text", text: "Hangzhou" }],
  });
}
