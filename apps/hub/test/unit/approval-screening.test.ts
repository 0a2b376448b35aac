import { describe, expect, it } from "vitest";
import type { RiskAssessment } from "@inquiry-hub/protocol";
import { prepareApproval, screenApproval } from "../../src/features/approvals/approval-inquiry";
import type {
  ApprovalAsking,
  ApprovalRequest,
} from "../../src/features/approvals/approval-inquiry";
import type { ScreenedCall } from "../../src/features/approvals/approval-screening";
import type { InquiryService } from "../../src/features/inquiries/inquiry-service";

/*
 * The order screenApproval keeps: the risk label first, then who stands in for the person
 * (YOLO, else a rule, never for a team, a high-risk call or a policy without `approve`), and a
 * batch only for a call somebody will be asked about. The ports are recorders: this is the
 * decision logic alone; the stores, routes and real calls are proven in the features' suites.
 */

const LOW: RiskAssessment = { level: "low", reason: "Reads a file", source: "rules" };
const HIGH: RiskAssessment = { level: "high", reason: "Deletes rows", source: "rules" };

interface Recorded {
  ruleAsked: ScreenedCall[];
  batched: ScreenedCall[];
}

function asking(options: { risk: RiskAssessment; yolo?: boolean; rule?: boolean }): {
  context: ApprovalAsking;
  recorded: Recorded;
} {
  const recorded: Recorded = { ruleAsked: [], batched: [] };
  const context: ApprovalAsking = {
    inquiries: {} as InquiryService,
    validateArguments: () => undefined,
    audit: () => undefined,
    yolo: () => Promise.resolve(options.yolo === true),
    upstream: "demo",
    descriptionPrefix: "The agent wants to run a tool.",
    userId: "user-1",
    agentDeviceId: "agent-key-1",
    runId: "run-1",
    screening: {
      assessRisk: () => Promise.resolve(options.risk),
      assignBatch: (call) => {
        recorded.batched.push(call);
        return Promise.resolve("batch-1");
      },
      personRules: {
        permitting: (call) => {
          recorded.ruleAsked.push(call);
          return Promise.resolve(options.rule === true ? { id: "r1", name: "notes" } : undefined);
        },
        recordUse: () => Promise.resolve(),
      },
    },
  };
  return { context, recorded };
}

function request(allowApprove = true): ApprovalRequest {
  return {
    tool: "write_file",
    args: { path: "notes/a.txt", content: "hi" },
    policy: {
      allowedDecisions: allowApprove ? ["approve", "edit", "reject"] : ["edit", "reject"],
      onTimeout: "reject",
    },
  };
}

async function screen(
  options: Parameters<typeof asking>[0],
  more: { routed?: unknown; allowApprove?: boolean } = {},
) {
  const { context, recorded } = asking(options);
  const asked = request(more.allowApprove);
  const { input } = prepareApproval(context, asked);
  const screened = await screenApproval(context, asked, input, more.routed);
  return { ...screened, recorded };
}

describe("screenApproval", () => {
  it("labels, then batches a call nobody stands in for, naming the run and the credential", async () => {
    const { input, standing, recorded } = await screen({ risk: LOW });
    expect(standing).toBeUndefined();
    expect(input.approval).toMatchObject({ risk: LOW, batchId: "batch-1" });
    expect(input.approval.freshLook).toBeUndefined();
    expect(recorded.batched).toEqual([
      expect.objectContaining({ userId: "user-1", credentialId: "agent-key-1", runId: "run-1" }),
    ]);
  });

  it("lets a permitting rule stand in, and then opens no batch", async () => {
    const { standing, input, recorded } = await screen({ risk: LOW, rule: true });
    expect(standing).toEqual({ kind: "rule", rule: { id: "r1", name: "notes" } });
    expect(input.approval.batchId).toBeUndefined();
    expect(recorded.batched).toEqual([]);
  });

  it("never asks the rules about a high-risk call, which must get a fresh look", async () => {
    const { standing, input, recorded } = await screen({ risk: HIGH, rule: true });
    expect(standing).toBeUndefined();
    expect(recorded.ruleAsked).toEqual([]);
    expect(input.approval).toMatchObject({ risk: HIGH, freshLook: true, batchId: "batch-1" });
  });

  it("never lets a rule or YOLO stand in for a team's decision", async () => {
    const routed = { sharedApproval: {} };
    const { standing, recorded } = await screen({ risk: LOW, rule: true, yolo: true }, { routed });
    expect(standing).toBeUndefined();
    expect(recorded.ruleAsked).toEqual([]);
  });

  it("never passes a call whose policy does not allow approve", async () => {
    const { standing, recorded } = await screen(
      { risk: LOW, rule: true, yolo: true },
      { allowApprove: false },
    );
    expect(standing).toBeUndefined();
    expect(recorded.ruleAsked).toEqual([]);
  });

  it("puts the person's YOLO before their rules", async () => {
    const { standing } = await screen({ risk: LOW, rule: true, yolo: true });
    expect(standing).toEqual({ kind: "yolo" });
  });
});
