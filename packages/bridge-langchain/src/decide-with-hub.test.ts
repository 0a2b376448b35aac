import type { Interrupt } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import type { HubApprovals, ToolCallForApproval } from "@inquiry-hub/hub-approvals";
import { decideWithHub, resumeValueFromHub } from "./decide-with-hub";

const INTERRUPT_ID = "dc1ad24fb0e955295e9967dd1322b0cb";

function interruptFor(id: string, ...tools: string[]): Interrupt {
  return {
    id,
    value: {
      actionRequests: tools.map((name) => ({ name, args: { path: `${name}.txt` } })),
      reviewConfigs: tools.map((name) => ({
        actionName: name,
        allowedDecisions: ["approve", "reject"],
      })),
    },
  };
}

/**
 * A hub whose person answers in the reverse order of asking, so a result that still comes
 * out in the middleware's order proves the decisions are matched to their calls, not to time.
 */
function hubAnsweringLastFirst(expectedCalls: number) {
  const asked: ToolCallForApproval[] = [];
  const answer: (() => void)[] = [];
  const hub: HubApprovals = {
    request(call) {
      asked.push(call);
      return new Promise((resolve) => {
        answer.push(() =>
          resolve(
            call.tool === "delete_file"
              ? { inquiryId: call.key, decision: "reject", message: "keep it" }
              : { inquiryId: call.key, decision: "approve" },
          ),
        );
        if (answer.length === expectedCalls) for (const send of answer.reverse()) send();
      });
    },
    close: () => Promise.resolve(),
  };
  return { hub, asked };
}

describe("decideWithHub", () => {
  it("asks about every action at once, keyed by thread, interrupt and position", async () => {
    const { hub, asked } = hubAnsweringLastFirst(2);
    const response = await decideWithHub(interruptFor(INTERRUPT_ID, "read_file", "delete_file"), {
      hub,
      threadId: "thread-1",
    });

    expect(asked.map((call) => [call.tool, call.key, call.runId])).toEqual([
      ["read_file", `langgraph:thread-1:${INTERRUPT_ID}:0`, "thread-1"],
      ["delete_file", `langgraph:thread-1:${INTERRUPT_ID}:1`, "thread-1"],
    ]);
    expect(response.decisions).toEqual([
      { type: "approve" },
      { type: "reject", message: expect.stringContaining('"keep it"') as string },
    ]);
  });

  it("refuses an interrupt that is not the middleware's", async () => {
    const { hub } = hubAnsweringLastFirst(1);
    await expect(
      decideWithHub({ id: INTERRUPT_ID, value: "Your name?" }, { hub, threadId: "t" }),
    ).rejects.toThrow(TypeError);
  });

  it("stops waiting for the other approvals when one request fails", async () => {
    const signals: AbortSignal[] = [];
    const hub: HubApprovals = {
      request(call, options) {
        if (options?.signal !== undefined) signals.push(options.signal);
        return call.tool === "delete_file"
          ? Promise.reject(new Error("revoked key"))
          : new Promise(() => undefined);
      },
      close: () => Promise.resolve(),
    };
    await expect(
      decideWithHub(interruptFor(INTERRUPT_ID, "read_file", "delete_file"), {
        hub,
        threadId: "t",
      }),
    ).rejects.toThrow("revoked key");
    expect(signals.map((signal) => signal.aborted)).toEqual([true, true]);
  });
});

describe("resumeValueFromHub", () => {
  it("answers each middleware interrupt under its own id and leaves others out", async () => {
    const other = "0123456789abcdef0123456789abcdef";
    const { hub } = hubAnsweringLastFirst(2);
    const resume = await resumeValueFromHub(
      [
        interruptFor(INTERRUPT_ID, "read_file"),
        { id: "ffff", value: "Your name?" },
        interruptFor(other, "delete_file"),
      ],
      { hub, threadId: "t" },
    );
    expect(Object.keys(resume)).toEqual([INTERRUPT_ID, other]);
    expect(resume[INTERRUPT_ID]?.decisions).toEqual([{ type: "approve" }]);
    expect(resume[other]?.decisions).toEqual([
      { type: "reject", message: expect.any(String) as string },
    ]);
  });
});
