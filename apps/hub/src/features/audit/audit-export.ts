import { z } from "zod";
import { canonicalJson } from "../../kernel/canonical-json";
import type { AuditRecord } from "./audit-record";
import type { AuditSigner } from "./signing-key";

/** The first line of an export: the key to verify with and what each chain should end with. */
export const AuditExportHeaderSchema = z.object({
  type: z.literal("inquiry-hub.audit-export"),
  exportedAt: z.string().datetime(),
  /** SPKI PEM of the hub's Ed25519 signing key. */
  publicKey: z.string().min(1),
  keyId: z.string().min(1),
  /** Each exported chain and its last exported record, so a cut-off end shows. */
  chains: z.array(
    z.object({ chain: z.string().min(1), lastSeq: z.number().int(), lastHash: z.string() }),
  ),
  /** Ed25519 (base64) over the canonical header without this field. */
  signature: z.string().min(1),
});
export type AuditExportHeader = z.infer<typeof AuditExportHeaderSchema>;

/** The signed header of an export of `chains` (each oldest first). */
export function exportHeader(
  signer: AuditSigner,
  chains: ReadonlyMap<string, readonly AuditRecord[]>,
  now = new Date(),
): AuditExportHeader {
  const unsigned = {
    type: "inquiry-hub.audit-export" as const,
    exportedAt: now.toISOString(),
    publicKey: signer.publicKeyPem,
    keyId: signer.keyId,
    chains: [...chains].map(([chain, records]) => ({
      chain,
      lastSeq: records.at(-1)?.seq ?? 0,
      lastHash: records.at(-1)?.hash ?? "",
    })),
  };
  return { ...unsigned, signature: signer.signText(canonicalJson(unsigned)) };
}
