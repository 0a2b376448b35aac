import type { Inquiry } from "@inquiry-hub/protocol";

/** The channels that bring a new inquiry to a person. */
export type DeliveryChannel = "socket" | "push" | "webhook";

/**
 * What the inquiry lifecycle tells operators. Core calls it at the moments that matter and
 * never learns how they are counted (features/inquiries/adapters/hub-metrics.ts turns them into Prometheus series).
 * Implementations must be cheap and must not throw: they run on every call's hot path.
 */
export interface InquiryMetrics {
  /** This node created and announced `inquiry`; its MCP call is held here until final. */
  opened(inquiry: Inquiry): void;
  /** This node learned that `inquiry` is final, whichever node resolved it (maybe twice). */
  seenFinal(inquiry: Inquiry): void;
  /** This node's compare-and-set moved `inquiry` to its final state: once per inquiry cluster-wide. */
  resolved(inquiry: Inquiry): void;
  /** A person's answer was refused because the inquiry was already final. */
  conflicted(): void;
  /** This node first brought `inquiry` to at least one device through `channel`. */
  delivered(channel: DeliveryChannel, inquiry: Inquiry): void;
}

/** Metrics that count nothing: the default when the composition root brings none. */
export const NO_INQUIRY_METRICS: InquiryMetrics = {
  opened: () => undefined,
  seenFinal: () => undefined,
  resolved: () => undefined,
  conflicted: () => undefined,
  delivered: () => undefined,
};
