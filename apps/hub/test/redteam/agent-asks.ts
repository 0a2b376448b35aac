import { expect } from "vitest";
import { callUntilOpened } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";

/** An inquiry the agent opened; `reject` ends it as the person would and waits for the call. */
export interface OpenQuestion {
  inquiryId: string;
  reject(): Promise<void>;
}

/**
 * The agent of `login` asks through the public MCP endpoint (`send_inquiry`), as any agent
 * can: the question and options are the agent's to choose, hostile ones included.
 */
export async function agentAsks(
  hub: TestHub,
  login: TestLogin,
  args: { prompt: string; options?: string[] },
): Promise<OpenQuestion> {
  const client = await hub.connectMcp(login.token);
  const { call, inquiryId } = await callUntilOpened(
    client,
    { name: "send_inquiry", arguments: args },
    "INQUIRY",
  );
  return {
    inquiryId,
    async reject() {
      const answered = await hub.request(`/api/inquiries/${inquiryId}/answer`, {
        token: login.token,
        body: { action: "reject", reason: "red team" },
      });
      expect(answered.status).toBe(200);
      await call;
    },
  };
}

/** Lets in-flight deliveries land before asserting that none happened. */
export function settle(ms = 300): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
