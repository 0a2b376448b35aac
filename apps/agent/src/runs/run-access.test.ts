import { describe, expect, it } from "vitest";
import type { RunCaller, RunRecord } from "./ports";
import { mayAccessRun } from "./run-access";

const run = (startedByCredentialId?: string): RunRecord => ({
  id: "run-1",
  ownerUserId: "ada",
  ...(startedByCredentialId === undefined ? {} : { startedByCredentialId }),
  model: "demo",
  completionId: "chatcmpl-1",
  created: 0,
  bearer: "secret",
  metadata: {},
  status: "running",
  checkpoint: { history: [], step: 0 },
});

const caller = (
  credentialId: string,
  purpose: RunCaller["purpose"],
  userId = "ada",
): RunCaller => ({ userId, credentialId, purpose });

describe("who may see and stop a run", () => {
  it("admits the credential that started it, whatever its purpose", () => {
    expect(mayAccessRun(run("key-a"), caller("key-a", "agent-key"))).toBe(true);
  });

  it("refuses another agent key of the same person", () => {
    expect(mayAccessRun(run("key-a"), caller("key-b", "agent-key"))).toBe(false);
  });

  it("admits the person's sessions: a device and the credentials the web mints with one", () => {
    expect(mayAccessRun(run("key-a"), caller("phone", "device"))).toBe(true);
    expect(mayAccessRun(run("key-a"), caller("viewer", "agent-run"))).toBe(true);
  });

  it("refuses every credential of another user, the starting id included", () => {
    expect(mayAccessRun(run("key-a"), caller("key-a", "agent-key", "bob"))).toBe(false);
    expect(mayAccessRun(run("key-a"), caller("phone", "device", "bob"))).toBe(false);
  });

  it("serves a run stored before the starting credential was recorded to sessions only", () => {
    expect(mayAccessRun(run(), caller("phone", "device"))).toBe(true);
    expect(mayAccessRun(run(), caller("key-a", "agent-key"))).toBe(false);
  });
});
