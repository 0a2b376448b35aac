import type { InquiryStore } from "../features/inquiries/ports";
import { inquiryAuditEvent } from "../features/audit/inquiry-events";
import type { AuditWiring } from "./audit-wiring";

/**
 * The inquiry store with each question (not approval: its record is the approval's decision)
 * recorded in the person's chain when it leaves `pending`: answered, declined, timed out or
 * withdrawn. The store's `resolve` is a compare-and-set that answers `resolved` on exactly
 * one call per inquiry across every node, so each end is appended once, by the node that
 * made it, whichever path resolved it (a device, the agent's MCP client, a YOLO, the
 * deadline, a cancel).
 */
export function withInquiryAudit(
  store: InquiryStore,
  audit: AuditWiring,
  options: { fullArguments: boolean },
): InquiryStore {
  return Object.assign(Object.create(store) as InquiryStore, {
    async resolve(...args: Parameters<InquiryStore["resolve"]>) {
      const outcome = await store.resolve(...args);
      if (outcome.kind === "resolved") {
        const chained = inquiryAuditEvent(outcome.inquiry, options);
        if (chained !== undefined) audit.record(chained.chain, chained.event);
      }
      return outcome;
    },
  });
}
