import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Inquiry } from "@inquiry-hub/protocol";
import { createApprovalRuleService } from "../../src/features/approval-rules/approval-rule-service";
import { createMemoryApprovalRuleStore } from "../../src/features/approval-rules/stores/memory-approval-rule-store";
import { exportRules, importRules } from "../../src/features/approval-rules/rule-transfer";

const NOW = Date.parse("2026-03-01T09:00:00.000Z");

/** One of Ada's approvals: write_file of notes/today.md, asked by her agent key. */
function approval(userId: string): Inquiry {
  return {
    id: randomUUID(),
    userId,
    type: "APPROVAL",
    question: "Write notes/today.md?",
    options: [],
    createdAt: new Date(NOW).toISOString(),
    expiresAt: new Date(NOW + 60_000).toISOString(),
    status: "pending",
    resolution: null,
    approval: {
      upstream: "demo",
      tool: "write_file",
      arguments: { path: "notes/today.md", size: 12 },
      allowedDecisions: ["approve", "edit", "reject"],
      description: "Write a file",
    },
    askedByCredentialId: "key-1",
  };
}

function bench() {
  const store = createMemoryApprovalRuleStore();
  // A second passes between any two readings, so rules made one after another list in order.
  let clock = NOW;
  const now = () => (clock += 1000);
  const inquiries = new Map<string, Inquiry>();
  const service = createApprovalRuleService({
    store,
    readInquiry: (id) => Promise.resolve(inquiries.get(id)),
    credentialName: () => Promise.resolve("laptop agent"),
    now,
  });
  const made = (userId: string) => {
    const inquiry = approval(userId);
    inquiries.set(inquiry.id, inquiry);
    return inquiry.id;
  };
  return { store, service, made, now };
}

describe("export and import in the proxy config's policy format", () => {
  it("exports one-condition rules under their tool and names the rest as omitted", async () => {
    const { service, made } = bench();
    const ada = randomUUID();
    const create = (conditions: { arg: string; glob?: string[]; lte?: number }[]) =>
      service.create(ada, {
        fromInquiryId: made(ada),
        agent: "this-agent",
        conditions,
        duration: "1d",
      });
    await create([{ arg: "path", glob: ["notes/**"] }]);
    await create([{ arg: "size", lte: 100 }]);
    const both = await create([
      { arg: "path", glob: ["notes/**"] },
      { arg: "size", lte: 12 },
    ]);
    const bare = await create([]);
    expect(exportRules(await service.list(ada))).toEqual({
      upstreams: {
        demo: {
          tools: {
            write_file: {
              allow: [
                { arg: "path", glob: ["notes/**"] },
                { arg: "size", lte: 100 },
              ],
            },
          },
        },
      },
      omitted: [both.name, bare.name],
    });
  });

  it("imports each allow condition as its own rule, for any agent, until revoked, and exports it back", async () => {
    const deps = bench();
    const ada = randomUUID();
    const file = {
      upstreams: {
        db: {
          tools: {
            query: {
              allow: [
                { arg: "sql", sql: ["select"] },
                { arg: "rows", lte: 10 },
              ],
            },
          },
        },
      },
    };
    const imported = await importRules(deps, ada, file);
    expect(imported).toEqual([
      expect.objectContaining({
        tool: "query",
        conditions: [{ arg: "sql", sql: ["select"] }],
        agentCredentialId: null,
        expiresAt: null,
      }),
      expect.objectContaining({
        tool: "query",
        conditions: [{ arg: "rows", lte: 10 }],
        agentCredentialId: null,
        expiresAt: null,
      }),
    ]);
    expect(exportRules(await deps.service.list(ada))).toEqual(file);
  });

  it("refuses an unknown SQL kind where it stands, storing nothing", async () => {
    const deps = bench();
    const ada = randomUUID();
    const file = {
      upstreams: {
        db: {
          tools: {
            query: {
              allow: [
                { arg: "sql", sql: ["select"] },
                { arg: "sql", sql: ["selekt"] },
              ],
            },
          },
        },
      },
    };
    await expect(importRules(deps, ada, file)).rejects.toThrow(
      /^upstreams\.db\.tools\.query\.allow\.1\.sql\.0: /,
    );
    expect(await deps.service.list(ada)).toEqual([]);
  });
});
