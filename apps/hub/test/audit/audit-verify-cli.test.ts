import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuditChain } from "../../src/features/audit/audit-chain";
import { digestOf } from "../../src/features/audit/audit-record";
import { createMemoryAuditChainStore } from "../../src/features/audit/stores/memory-audit-chain-store";
import { loadAuditSigner } from "../../src/features/audit/signing-key";
import { exportText, sampleAuditEvent } from "../support/contracts/audit-chain-store";
import { verifyCli } from "./audit-bench";

/** The export's lines, header first. */
const linesOf = (text: string) => text.trimEnd().split("\n");
const joined = (lines: string[]) => `${lines.join("\n")}\n`;

describe("npm run audit:verify on exports", () => {
  let folder = "";
  let valid = "";
  let publicKey = "";

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "audit-verify-"));
    const store = createMemoryAuditChainStore();
    const signer = await loadAuditSigner(store, undefined);
    publicKey = signer.publicKeyPem;
    const chain = createAuditChain(store, signer);
    for (const subject of ["i1", "i2", "i3", "i4", "i5"])
      await chain.append("user:ada", {
        ...sampleAuditEvent("ada", subject),
        argumentsDigest: digestOf({ path: `${subject}.txt` }),
      });
    await chain.append("team:ops", sampleAuditEvent("ada", "i6"));
    valid = await exportText(store, ["user:ada", "team:ops"]);
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it("passes an untouched export with a one-line summary, exit 0, with or without --public-key", async () => {
    expect(await verifyCli(folder, valid)).toEqual({
      code: 0,
      out: expect.stringMatching(/^valid: 6 records in 2 chains, key [0-9a-f]{16}\n$/) as string,
    });
    const keyFile = join(folder, "key.pem");
    await writeFile(keyFile, publicKey);
    expect((await verifyCli(folder, valid, ["--public-key", keyFile])).code).toBe(0);
  });

  it("names the gap when a record is deleted from the middle", async () => {
    const lines = linesOf(valid);
    lines.splice(3, 1); // header, seq 1, seq 2, [seq 3], …
    const result = await verifyCli(folder, joined(lines));
    expect(result.code).toBe(1);
    expect(result.out).toContain(
      "chain user:ada: record seq 3 is missing before seq 4: a record was removed",
    );
  });

  it("names the record whose argument digest was changed, and the failed check", async () => {
    const lines = linesOf(valid);
    const record = JSON.parse(lines[2] ?? "") as Record<string, unknown>;
    lines[2] = JSON.stringify({ ...record, argumentsDigest: digestOf({ path: "other.txt" }) });
    const result = await verifyCli(folder, joined(lines));
    expect(result.code).toBe(1);
    expect(result.out).toContain(
      "chain user:ada: record seq 2 was changed: its content does not match its hash (hash check)",
    );
  });

  it("names two swapped records as reordered", async () => {
    const lines = linesOf(valid);
    [lines[2], lines[3]] = [lines[3] ?? "", lines[2] ?? ""];
    const result = await verifyCli(folder, joined(lines));
    expect(result.code).toBe(1);
    expect(result.out).toContain(
      "chain user:ada: record seq 3 stands where seq 2 belongs: records were reordered",
    );
  });

  it("notices a cut-off end and a key that is not the one trusted", async () => {
    const cut = linesOf(valid).filter((line) => !line.includes('"seq":5'));
    expect((await verifyCli(folder, joined(cut))).out).toContain(
      "chain user:ada ends at seq 4, the header says 5",
    );
    const other = await loadAuditSigner(createMemoryAuditChainStore(), undefined);
    const keyFile = join(folder, "other.pem");
    await writeFile(keyFile, other.publicKeyPem);
    const result = await verifyCli(folder, valid, ["--public-key", keyFile]);
    expect(result).toMatchObject({ code: 1 });
    expect(result.out).toContain("signed with another key");
  });
});
