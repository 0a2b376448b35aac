import type { HubConfig } from "./hub-config";
import { MAX_TIMEOUT_SECONDS } from "../kernel/timeout-limits";

/**
 * The hub's part of the timeout chain (docs/concepts/inquiry-life.md, "The timeout chain"): the
 * client auto-reply deadline (`HUB_INQUIRY_TIMEOUT_SECONDS`) must come strictly before the hub's
 * backstop, which fires `HUB_TIMEOUT_GRACE_SECONDS` later. With a zero grace the hub and the
 * devices race to resolve the same deadline, and the person's own "timeout" could lose to the
 * backstop. The agent checks the next link (its MCP timeout above this backstop and the heartbeat).
 * Extend moves `expiresAt` at most to `createdAt + HUB_EXTEND_MAX_SECONDS`, so that deadline's
 * backstop (+ grace) must still fit the longest call any client holds (MAX_TIMEOUT_SECONDS).
 *
 * Returns one sentence per broken link, naming the variables and their values; empty when
 * the chain is in order.
 */
export function timeoutChainProblems(
  config: Pick<HubConfig, "inquiryTimeoutSeconds" | "timeoutGraceSeconds"> &
    Partial<Pick<HubConfig, "extendMaxSeconds">>,
): string[] {
  const problems: string[] = [];
  const backstop = config.inquiryTimeoutSeconds + config.timeoutGraceSeconds;
  if (config.timeoutGraceSeconds <= 0)
    problems.push(
      `HUB_TIMEOUT_GRACE_SECONDS must be above 0: the hub's backstop ` +
        `(HUB_INQUIRY_TIMEOUT_SECONDS + HUB_TIMEOUT_GRACE_SECONDS = ${backstop} s) must come after ` +
        `the client auto-reply deadline (HUB_INQUIRY_TIMEOUT_SECONDS = ${config.inquiryTimeoutSeconds} s)`,
    );
  const extendedBackstop = (config.extendMaxSeconds ?? 0) + config.timeoutGraceSeconds;
  if (extendedBackstop > MAX_TIMEOUT_SECONDS)
    problems.push(
      `HUB_EXTEND_MAX_SECONDS + HUB_TIMEOUT_GRACE_SECONDS (${extendedBackstop} s) must not exceed ` +
        `${MAX_TIMEOUT_SECONDS} s, the longest call an MCP client holds by default`,
    );
  return problems;
}
