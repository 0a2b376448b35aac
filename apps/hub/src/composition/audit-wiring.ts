import type { Logger } from "@inquiry-hub/logging";
import type { AuditSink } from "../features/approvals/audit-log";
import { approvalAuditEvents } from "../features/audit/approval-events";
import { createAuditChain } from "../features/audit/audit-chain";
import type { AuditChain } from "../features/audit/audit-chain";
import type { AuditEvent } from "../features/audit/audit-record";
import { createAuditService } from "../features/audit/audit-service";
import type { AuditService } from "../features/audit/audit-service";
import { loadAuditSigner } from "../features/audit/signing-key";
import type { HubConfig } from "../config/hub-config";
import { createAuditEnrichment } from "./audit-enrichment";
import type { HubStores } from "./stores/hub-stores";

/** A node's audit: where records are appended, and what people may read of it. */
export interface AuditWiring {
  /** Appends one record; a failure is logged, never thrown at the decision that caused it. */
  record(chain: string, event: AuditEvent): void;
  /** Appends one record to each of `chains`, completed once (one device read for them all). */
  recordIn(chains: readonly string[], event: AuditEvent): void;
  /** Resolves once every record asked for so far is appended (or failed): before a store closes. */
  settled(): Promise<void>;
  service: AuditService;
}

const wired = new WeakMap<HubStores["auditChains"], AuditWiring>();

/**
 * The audit of the node whose store is `stores.auditChains`, built once per store so the
 * approval sink (default-deps.ts), the inquiry store (inquiry-wiring.ts) and the routes
 * (http-app.ts) share one appender and its cached tails. The signing key is loaded on first
 * use (HUB_AUDIT_SIGNING_KEY_FILE, else the store's). Each record is completed (device name,
 * webhook channel, YOLO grant) inside its chain's queue, so records keep the order in which
 * they were recorded.
 */
export function wireAudit(
  config: Pick<HubConfig, "auditSigningKeyFile">,
  deps: {
    stores: Pick<HubStores, "auditChains" | "teamStore" | "deviceStore" | "settingsStore">;
    logger: Logger;
  },
): AuditWiring {
  const { stores, logger } = deps;
  const known = wired.get(stores.auditChains);
  if (known !== undefined) return known;
  let signer: ReturnType<typeof loadAuditSigner> | undefined;
  const signerNow = () =>
    (signer ??= loadAuditSigner(stores.auditChains, config.auditSigningKeyFile));
  const enrich = createAuditEnrichment(stores);
  const completed = (event: AuditEvent) =>
    enrich(event).catch((error: unknown) => {
      logger.warn(
        { err: error, kind: event.kind },
        "audit record kept without device name or grant",
      );
      return event;
    });
  let chain: Promise<AuditChain> | undefined;
  const inFlight = new Set<Promise<void>>();
  function append(chainId: string, event: AuditEvent, complete: Promise<AuditEvent>): void {
    chain ??= signerNow().then((loaded) => createAuditChain(stores.auditChains, loaded));
    const appended = chain
      .then((appender) => appender.append(chainId, complete))
      .then(
        () => undefined,
        (error: unknown) => {
          logger.error({ err: error, chain: chainId, kind: event.kind }, "audit append failed");
        },
      );
    inFlight.add(appended);
    void appended.then(() => inFlight.delete(appended));
  }
  const audit: AuditWiring = {
    record(chainId, event) {
      append(chainId, event, completed(event));
    },
    recordIn(chains, event) {
      const complete = completed(event);
      for (const chainId of chains) append(chainId, event, complete);
    },
    async settled() {
      await Promise.all([...inFlight]);
    },
    service: createAuditService({
      store: stores.auditChains,
      signer: signerNow,
      teamIdsOf: (userId) => stores.teamStore.teamIdsOf(userId),
    }),
  };
  wired.set(stores.auditChains, audit);
  return audit;
}

/**
 * `sink` (the stdout log, or a test's) plus its chain records: the person's, and a team
 * decision's teams'. The final inquiry, when the caller passes it, says who decided through
 * what and how long it took.
 */
export function withAuditChain(
  sink: AuditSink,
  audit: AuditWiring,
  options: { fullArguments: boolean },
): AuditSink {
  return (entry, decided) => {
    sink(entry, decided);
    for (const { chain, event } of approvalAuditEvents(entry, options, decided))
      audit.record(chain, event);
  };
}
