import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createAuditChain } from "../../../src/features/audit/audit-chain";
import type { AuditEvent } from "../../../src/features/audit/audit-record";
import { exportHeader } from "../../../src/features/audit/audit-export";
import type { AuditChainStore } from "../../../src/features/audit/ports";
import { loadAuditSigner } from "../../../src/features/audit/signing-key";
import { verifyAuditExport } from "../../../src/features/audit/verify-export";

/** A decision of `userId` about `subject`, made now. */
export function sampleAuditEvent(userId: string, subject: string): AuditEvent {
  return {
    kind: "approval.decision",
    at: new Date().toISOString(),
    actor: { userId, deviceId: "phone-1", channel: "app" },
    subject,
    detail: { verdict: "approved", tool: "write_file" },
  };
}

/** The export text of `chains` in `store`, as the route writes it. */
export async function exportText(store: AuditChainStore, chains: string[]): Promise<string> {
  const signer = await loadAuditSigner(store, undefined);
  const byChain = new Map(
    await Promise.all(
      chains.map(async (chain) => [chain, await store.list(chain, 10_000)] as const),
    ),
  );
  const lines = [exportHeader(signer, byChain), ...[...byChain.values()].flat()];
  return lines.map((line) => `${JSON.stringify(line)}\n`).join("");
}

/**
 * The audit chain port's contract: compare-and-append on the tail (a stale record is refused
 * with the tail there now), chains kept apart, one signing key kept, and appenders of several
 * "nodes" on one store racing into one valid chain without gap.
 */
export function describeAuditChainStoreContract(name: string, open: () => AuditChainStore): void {
  describe(`audit chain store contract: ${name}`, () => {
    it("appends only on the tail and answers a stale append with the tail there now", async () => {
      const store = open();
      const signer = await loadAuditSigner(store, undefined);
      const chain = `user:${randomUUID()}`;
      const first = await createAuditChain(store, signer).append(
        chain,
        sampleAuditEvent("a", "i1"),
      );
      expect(first).toMatchObject({ seq: 1, prevHash: "" });
      const stale = { ...first, subject: "i2" };
      expect(await store.append(stale)).toEqual({
        appended: false,
        tail: { seq: 1, hash: first.hash },
      });
      expect(await store.append({ ...first, seq: 2, prevHash: "0".repeat(64) })).toEqual({
        appended: false,
        tail: { seq: 1, hash: first.hash },
      });
      expect(await store.tail(chain)).toEqual({ seq: 1, hash: first.hash });
      expect(await store.list(chain, 10)).toEqual([first]);
      expect(await store.list(`user:${randomUUID()}`, 10)).toEqual([]);
      expect(await store.tail(`user:${randomUUID()}`)).toBeUndefined();
    });

    it("keeps the first signing key offered", async () => {
      const store = open();
      const first = await store.signingKey("first");
      expect(await store.signingKey("second")).toBe(first);
    });

    it("joins racing appenders of four nodes into one valid chain, 1 to 40 without gap", async () => {
      const store = open();
      const signer = await loadAuditSigner(store, undefined);
      const nodes = Array.from({ length: 4 }, () => createAuditChain(store, signer));
      const chain = `user:${randomUUID()}`;
      await Promise.all(
        nodes.flatMap((node, n) =>
          Array.from({ length: 10 }, (_, k) =>
            node.append(chain, sampleAuditEvent("a", `i${String(n)}-${String(k)}`)),
          ),
        ),
      );
      const records = await store.list(chain, 100);
      expect(records.map((record) => record.seq)).toEqual(
        Array.from({ length: 40 }, (_, index) => index + 1),
      );
      expect(new Set(records.map((record) => record.subject)).size).toBe(40);
      expect(verifyAuditExport(await exportText(store, [chain]))).toMatchObject({ valid: true });
    });
  });
}
