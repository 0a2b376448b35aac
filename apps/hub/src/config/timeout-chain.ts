import type { HubConfig } from "./hub-config";

/**
 * The hub's part of the timeout chain (ARCHITECTURE.md §1): the client auto-reply deadline
 * (`HUB_INQUIRY_TIMEOUT_SECONDS`) must come strictly before the hub's backstop, which fires
 * `HUB_TIMEOUT_GRACE_SECONDS` later. With a zero grace the hub and the devices race to
 * resolve the same deadline, and the person's own "timeout" could lose to the backstop.
 * The agent checks the next link (its MCP timeout above this backstop and the heartbeat).
 *
 * Returns one sentence per broken link, naming the variables and their values; empty when
 * the chain is in order.
 */
export function timeoutChainProblems(
  config: Pick<HubConfig, "inquiryTimeoutSeconds" | "timeoutGraceSeconds">,
): string[] {
  const backstop = config.inquiryTimeoutSeconds + config.timeoutGraceSeconds;
  if (config.timeoutGraceSeconds > 0) return [];
  return [
    `HUB_TIMEOUT_GRACE_SECONDS must be above 0: the hub's backstop ` +
      `(HUB_INQUIRY_TIMEOUT_SECONDS + HUB_TIMEOUT_GRACE_SECONDS = ${backstop} s) must come after ` +
      `the client auto-reply deadline (HUB_INQUIRY_TIMEOUT_SECONDS = ${config.inquiryTimeoutSeconds} s)`,
  ];
}
