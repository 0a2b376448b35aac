import { silentLogger } from "@inquiry-hub/logging";
import {
  HUB_TOOL_NAMES,
  ProgressNotificationSchema,
  WITHDRAW_REASON,
  readInquiryMeta,
} from "@inquiry-hub/protocol";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openToolBox } from "../src/tools/mcp-tool-box";
import type { ToolBox } from "../src/loop/tool-box";
import { startStack } from "./stack";
import type { Stack } from "./stack";

let stack: Stack;
let person: string;

beforeAll(async () => {
  stack = await startStack();
  person = await stack.registerUser();
});

afterAll(async () => {
  await stack.close();
});

/** The agent's tool box on the real hub (2026-07-28), as a run opens it, with `bearer`. */
async function openHubTools(bearer: string) {
  const announced: string[] = [];
  const tools = await openToolBox(
    [
      {
        name: "hub",
        url: new URL("/mcp", stack.hubUrl),
        headers: { Authorization: `Bearer ${bearer}` },
        hubOrigin: stack.hubUrl.origin,
      },
    ],
    { timeoutMs: 30_000, maxTotalTimeoutMs: 60_000 },
    (json) => {
      const meta = readInquiryMeta(ProgressNotificationSchema.parse(JSON.parse(json)));
      if (meta?.type === "INQUIRY") announced.push(meta.inquiryId);
    },
    silentLogger(),
  );
  return { tools, announced };
}

/** Asks a question, waits until the hub announced it, then aborts the call with `reason`. */
async function askThenAbort(tools: ToolBox, announced: string[], reason: unknown) {
  const controller = new AbortController();
  const call = tools.call(
    HUB_TOOL_NAMES.sendInquiry,
    JSON.stringify({ prompt: "Which city?" }),
    controller.signal,
  );
  const inquiryId = await vi.waitFor(
    () => {
      const id = announced[0];
      if (id === undefined) throw new Error("no question announced yet");
      return id;
    },
    { timeout: 5_000, interval: 20 },
  );
  controller.abort(reason);
  await expect(call).rejects.toBeDefined();
  return inquiryId;
}

describe("a tool box call on a 2026-07-28 hub", () => {
  it("ended on purpose (WITHDRAW_REASON) withdraws the question it asked before it rejects", async () => {
    const { tools, announced } = await openHubTools(await stack.mintRunCredential(person));
    try {
      const inquiryId = await askThenAbort(tools, announced, WITHDRAW_REASON);
      expect((await stack.getInquiry(person, inquiryId)).status).toBe("cancelled");
    } finally {
      await tools.close();
    }
  });

  it("ended for any other reason (shutdown, a lost run) leaves the question open", async () => {
    const { tools, announced } = await openHubTools(await stack.mintRunCredential(person));
    try {
      const inquiryId = await askThenAbort(
        tools,
        announced,
        new Error("The agent let the run go."),
      );
      expect((await stack.getInquiry(person, inquiryId)).status).toBe("pending");
    } finally {
      await tools.abandon();
    }
  });
});
