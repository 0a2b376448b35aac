import { createPublicKey, verify } from "node:crypto";
import type { KeyObject } from "node:crypto";
import { AuditExportHeaderSchema } from "./audit-export";
import { AuditRecordSchema, recordHash } from "./audit-record";
import type { AuditRecord } from "./audit-record";
import { canonicalJson } from "../../kernel/canonical-json";

/** What verifying an export found: every chain intact, or the first problem in words. */
export type VerifyResult = { valid: true; summary: string } | { valid: false; problem: string };

const problem = (text: string): VerifyResult => ({ valid: false, problem: text });

/** A line's JSON, or undefined when it is not JSON. */
function jsonOf(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

function signatureHolds(key: KeyObject, data: Buffer, signature: string): boolean {
  return verify(null, data, key, Buffer.from(signature, "base64"));
}

/** The first problem of one chain's records in file order, or undefined when it is intact. */
function chainProblem(key: KeyObject, chain: string, records: AuditRecord[]): string | undefined {
  const present = new Set(records.map((record) => record.seq));
  let previousHash = "";
  for (const [index, record] of records.entries()) {
    const expected = index + 1;
    const where = `chain ${chain}: record seq ${String(record.seq)}`;
    if (record.seq !== expected) {
      return present.has(expected)
        ? `${where} stands where seq ${String(expected)} belongs: records were reordered (seq check)`
        : `chain ${chain}: record seq ${String(expected)} is missing before seq ${String(record.seq)}: a record was removed (seq check)`;
    }
    if (record.prevHash !== previousHash)
      return `${where} does not link to the record before it: it or its predecessor was changed (prevHash check)`;
    if (recordHash(record) !== record.hash)
      return `${where} was changed: its content does not match its hash (hash check)`;
    if (!signatureHolds(key, Buffer.from(record.hash, "hex"), record.signature))
      return `${where} is not signed by this key: its hash or signature was changed (signature check)`;
    previousHash = record.hash;
  }
  return undefined;
}

/**
 * Verifies an audit export (JSON Lines, header first): the header's signature, then per chain
 * seq 1, 2, … without gap or swap, each prevHash the hash before it, each hash recomputed
 * from the record, each signature under the public key (the header's, or `publicKeyPem` when
 * the verifier brings the one it trusts), and each chain ending where the header says.
 */
export function verifyAuditExport(text: string, publicKeyPem?: string): VerifyResult {
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  const [first, ...rest] = lines;
  if (first === undefined) return problem("the file is empty: no header line");
  const parsedHeader = AuditExportHeaderSchema.safeParse(jsonOf(first));
  if (!parsedHeader.success) return problem("line 1 is not an audit export header");
  const header = parsedHeader.data;
  if (
    publicKeyPem !== undefined &&
    createPublicKey(publicKeyPem).export({ type: "spki", format: "pem" }).toString() !==
      createPublicKey(header.publicKey).export({ type: "spki", format: "pem" }).toString()
  )
    return problem("the export was signed with another key than the one given (--public-key)");
  const key = createPublicKey(publicKeyPem ?? header.publicKey);
  const { signature, ...unsigned } = header;
  if (!signatureHolds(key, Buffer.from(canonicalJson(unsigned), "utf8"), signature))
    return problem("the header was changed: its signature does not hold (header signature check)");

  const chains = new Map<string, AuditRecord[]>(header.chains.map(({ chain }) => [chain, []]));
  for (const [index, line] of rest.entries()) {
    const json = jsonOf(line);
    if (json === undefined) return problem(`line ${String(index + 2)} is not JSON`);
    const parsed = AuditRecordSchema.safeParse(json);
    if (!parsed.success) return problem(`line ${String(index + 2)} is not an audit record`);
    const records = chains.get(parsed.data.chain);
    if (records === undefined)
      return problem(
        `line ${String(index + 2)} belongs to chain ${parsed.data.chain}, which the header does not list`,
      );
    records.push(parsed.data);
  }
  for (const { chain, lastSeq, lastHash } of header.chains) {
    const records = chains.get(chain) ?? [];
    const found = chainProblem(key, chain, records);
    if (found !== undefined) return problem(found);
    const last = records.at(-1);
    if ((last?.seq ?? 0) !== lastSeq || (last?.hash ?? "") !== lastHash)
      return problem(
        `chain ${chain} ends at seq ${String(last?.seq ?? 0)}, the header says ${String(lastSeq)}: records were removed from its end (tail check)`,
      );
  }
  const count = [...chains.values()].reduce((sum, records) => sum + records.length, 0);
  return {
    valid: true,
    summary: `valid: ${String(count)} records in ${String(chains.size)} chains, key ${header.keyId}`,
  };
}
