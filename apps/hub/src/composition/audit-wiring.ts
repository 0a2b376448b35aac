import type { Logger } from "@inquiry-hub/logging";
import type { AuditSink } from "../features/approvals/audit-log";
import { approvalAuditEvent } from "../features/audit/approval-events";
import { createAuditChain } from "../features/audit/audit-chain";
import type { AuditChain } from "../features/audit/audit-chain";
import type { AuditEvent } from "../features/audit/audit-record";
import { createAuditService } from "../features/audit/audit-service";
import type { AuditService } from "../features/audit/audit-service";
import type { AuditChainStore } from "../features/audit/ports";
import { loadAuditSigner } from "../features/audit/signing-key";
import type { HubConfig } from "../config/hub-config";

/** A node's audit: where records are appended, and what people may read of it. */
export interface AuditWiring {
  /** Appends one record; a failure is logged, never thrown at the decision that caused it. */
  record(chain: string, event: AuditEvent): void;
  service: AuditService;
}

const wired = new WeakMap<AuditChainStore, AuditWiring>();

/**
 * The audit of the node whose store is `store`, built once per store so the approval sink
 * (default-deps.ts) and the routes (http-app.ts) share one appender and its cached tails.
 * The signing key is loaded on first use (HUB_AUDIT_SIGNING_KEY_FILE, else the store's).
 */
export function wireAudit(
  config: Pick<HubConfig, "auditSigningKeyFile">,
  deps: {
    store: AuditChainStore;
    teamIdsOf: (userId: string) => Promise<string[]>;
    logger: Logger;
  },
): AuditWiring {
  const known = wired.get(deps.store);
  if (known !== undefined) return known;
  let signer: ReturnType<typeof loadAuditSigner> | undefined;
  const signerNow = () => (signer ??= loadAuditSigner(deps.store, config.auditSigningKeyFile));
  let chain: Promise<AuditChain> | undefined;
  const audit: AuditWiring = {
    record(chainId, event) {
      chain ??= signerNow().then((loaded) => createAuditChain(deps.store, loaded));
      chain
        .then((appender) => appender.append(chainId, event))
        .catch((error: unknown) => {
          deps.logger.error(
            { err: error, chain: chainId, kind: event.kind },
            "audit append failed",
          );
        });
    },
    service: createAuditService({
      store: deps.store,
      signer: signerNow,
      teamIdsOf: deps.teamIdsOf,
    }),
  };
  wired.set(deps.store, audit);
  return audit;
}

/** `sink` (the stdout log, or a test's) plus one chain record per entry. */
export function withAuditChain(
  sink: AuditSink,
  audit: AuditWiring,
  options: { fullArguments: boolean },
): AuditSink {
  return (entry) => {
    sink(entry);
    const { chain, event } = approvalAuditEvent(entry, options);
    audit.record(chain, event);
  };
}
