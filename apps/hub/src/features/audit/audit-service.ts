import type { AuditRecord } from "./audit-record";
import { personChain, teamChain } from "./audit-record";
import type { AuditExportHeader } from "./audit-export";
import { exportHeader } from "./audit-export";
import type { AuditChainStore } from "./ports";
import type { AuditSigner } from "./signing-key";

/** Records of one chain an export holds at most (the oldest ones, so links stay checkable). */
export const MAX_AUDIT_EXPORT_RECORDS = 5_000;

/** What a person may read of the audit: their chain and their teams' chains. */
export interface AuditService {
  /** The signed header and every record, chain by chain, each oldest first. */
  exportFor(userId: string): Promise<{ header: AuditExportHeader; records: AuditRecord[] }>;
  publicKey(): Promise<{ publicKey: string; keyId: string }>;
}

export function createAuditService(deps: {
  store: AuditChainStore;
  /** The hub's signer, loaded once by the caller. */
  signer: () => Promise<AuditSigner>;
  /** The teams the person belongs to now. */
  teamIdsOf: (userId: string) => Promise<string[]>;
}): AuditService {
  return {
    async exportFor(userId) {
      const ids = [personChain(userId), ...(await deps.teamIdsOf(userId)).sort().map(teamChain)];
      const chains = new Map<string, AuditRecord[]>();
      for (const chain of ids)
        chains.set(chain, await deps.store.list(chain, MAX_AUDIT_EXPORT_RECORDS));
      const header = exportHeader(await deps.signer(), chains);
      return { header, records: [...chains.values()].flat() };
    },
    async publicKey() {
      const signer = await deps.signer();
      return { publicKey: signer.publicKeyPem, keyId: signer.keyId };
    },
  };
}
