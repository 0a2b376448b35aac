import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmbeddedInfra } from "../../src/composition/stores/embedded-infra";
import type { EmbeddedInfra } from "../../src/composition/stores/embedded-infra";
import { startTestHub } from "../helpers";
import type { TestHub } from "../helpers";
import { connectV2, createAgentKey } from "../support/request-approval";
import { createTempDataDir } from "../support/temp-embedded-database";
import type { TempDataDir } from "../support/temp-embedded-database";
import { approveMany, exportWith, publicKeyOf, verifyCli } from "./audit-bench";

/** A hub on the embedded store in `dir`, and how to close both. */
async function startEmbeddedHub(
  dir: string,
): Promise<{ hub: TestHub; embedded: EmbeddedInfra; close(): Promise<void> }> {
  const embedded = createEmbeddedInfra({ dir, historyTtlSeconds: 3600 });
  const hub = await startTestHub({ store: "embedded" }, embedded);
  return {
    hub,
    embedded,
    async close() {
      await hub.close();
      await embedded.close();
    },
  };
}

/**
 * The embedded store keeps the chain and its key across a restart: decisions before, the hub
 * closed, a new hub on the same data dir, decisions after; the export is one chain that
 * continues the old one unchanged, signed with the same key, and the CLI verifies it.
 */
describe("audit: the embedded store across a restart", () => {
  let folder: TempDataDir;

  beforeAll(() => {
    folder = createTempDataDir("audit-restart");
  });
  afterAll(() => folder?.remove());

  it("continues one valid chain with the same public key", async () => {
    const first = await startEmbeddedHub(folder.dir);
    const person = await first.hub.registerUser("audit-restart");
    const agentKey = await createAgentKey(first.hub, person.token);
    const agent = await connectV2(first.hub, agentKey, "2026-07-28");
    await approveMany(agent, first.hub, person.token, 3);
    await agent.close();
    const before = await exportWith(first.hub, person.token, 3);
    const keyBefore = await publicKeyOf(first.hub, person.token);
    await first.close();

    const second = await startEmbeddedHub(folder.dir);
    try {
      const again = await second.hub.login(person.username);
      const agentAgain = await connectV2(second.hub, agentKey, "2026-07-28");
      const [later] = await approveMany(agentAgain, second.hub, again.token, 2);
      await agentAgain.close();
      const after = await exportWith(second.hub, again.token, 5);
      expect(after.records.slice(0, 3)).toEqual(before.records);
      expect(after.records.map((record) => record.seq)).toEqual([1, 2, 3, 4, 5]);
      expect(after.records[3]?.prevHash).toBe(before.records[2]?.hash);
      expect(after.records.map((record) => record.subject)).toContain(later);
      expect(await publicKeyOf(second.hub, again.token)).toBe(keyBefore);
      const keyFile = join(folder.dir, "public.pem");
      await writeFile(keyFile, keyBefore);
      expect(await verifyCli(folder.dir, after.text, ["--public-key", keyFile])).toMatchObject({
        code: 0,
      });
    } finally {
      await second.close();
    }
  });
});
