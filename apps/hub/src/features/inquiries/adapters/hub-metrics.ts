import { FINAL_INQUIRY_STATUSES, InquiryTypeSchema } from "@inquiry-hub/protocol";
import type { Inquiry, InquiryType } from "@inquiry-hub/protocol";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { DeliveryChannel, InquiryMetrics } from "../inquiry-metrics";

/**
 * Seconds from the call to a delivery or a resolution: people answer in seconds to minutes,
 * a delivery should take milliseconds, and the longest timeout is a day.
 */
const LATENCY_BUCKETS = [
  0.005, 0.025, 0.1, 0.5, 1, 2.5, 5, 15, 30, 60, 120, 300, 900, 3600, 86_400,
];
const DELIVERY_CHANNELS = [
  "socket",
  "push",
  "webhook",
] as const satisfies readonly DeliveryChannel[];

/** The hub's series beside the inquiry lifecycle: failures of the ports, refused credentials. */
export interface HubMetrics {
  /** One registry per hub, so several hubs in one process (tests) never share series. */
  registry: Registry;
  inquiries: InquiryMetrics;
  /** A store call of `operation` (an InquiryStore method) rejected. */
  storeFailed: (operation: string) => void;
  /** An event bus call of `operation` rejected, or the bus lost its subscription and resumed. */
  busFailed: (operation: string) => void;
  /** A bearer credential (HTTP or socket handshake) was refused. */
  credentialRejected: () => void;
  /** Reports `count()` as the connected-devices gauge at every scrape. */
  countConnectedDevices: (count: () => number) => void;
}

function secondsSince(isoStart: string, isoEnd: string | number): number {
  const end = typeof isoEnd === "number" ? isoEnd : Date.parse(isoEnd);
  return Math.max(0, (end - Date.parse(isoStart)) / 1000);
}

/**
 * Per label value, the child series made once up front (and set to zero, so every series shows
 * from the first scrape and rates need no special case), so counting allocates no label objects.
 */
function childrenOf<Label extends string, Child>(
  values: readonly Label[],
  child: (value: Label) => Child,
): Record<Label, Child> {
  return Object.fromEntries(values.map((value) => [value, child(value)])) as Record<Label, Child>;
}

/** A latency histogram (LATENCY_BUCKETS) with one label, a child per value made up front at zero. */
function latencyByLabel<Value extends string>(
  registers: Registry[],
  label: string,
  values: readonly Value[],
  series: { name: string; help: string },
): Record<Value, Histogram.Internal<string>> {
  const histogram = new Histogram({
    ...series,
    labelNames: [label],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  return childrenOf(values, (value) => {
    histogram.zero({ [label]: value });
    return histogram.labels(value);
  });
}

/**
 * The hub's Prometheus series (prefix `inquiry_hub_`), all with bounded labels: inquiry type,
 * final status, delivery channel, port operation. Never user, device or inquiry ids.
 *
 * Pending is counted where the MCP call waits: +1 when this node opens an inquiry, −1 when it
 * first learns the inquiry is final, so the sum over nodes is the cluster's pending total.
 */
export function createHubMetrics(): HubMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const types = InquiryTypeSchema.options;
  const counter = (name: string, help: string, labelNames: string[] = []) =>
    new Counter({ name, help, labelNames, registers });

  const pending = new Gauge({
    name: "inquiry_hub_pending_inquiries",
    help: "Pending inquiries whose calls this node holds, by type.",
    labelNames: ["type"],
    registers,
  });
  const pendingByType = childrenOf(types, (type) => {
    pending.set({ type }, 0);
    return pending.labels(type);
  });
  const held = new Map<string, InquiryType>();

  const resolutions = counter(
    "inquiry_hub_resolutions_total",
    "Inquiries this node resolved, by final status (one per inquiry across the cluster).",
    ["outcome"],
  );
  const resolutionsBy = childrenOf(FINAL_INQUIRY_STATUSES, (outcome) => {
    resolutions.inc({ outcome }, 0);
    return resolutions.labels(outcome);
  });
  const resolutionSecondsBy = latencyByLabel(registers, "outcome", FINAL_INQUIRY_STATUSES, {
    name: "inquiry_hub_resolution_seconds",
    help: "Seconds from the call (inquiry creation) to its resolution, by final status.",
  });
  const deliverySecondsBy = latencyByLabel(registers, "channel", DELIVERY_CHANNELS, {
    name: "inquiry_hub_first_delivery_seconds",
    help: "Seconds from the call to the first delivery of its inquiry to a device, by channel.",
  });
  const conflicts = counter(
    "inquiry_hub_answer_conflicts_total",
    "Answers refused because another answer, a timeout or a cancel had already won.",
  );
  const storeErrors = counter(
    "inquiry_hub_store_errors_total",
    "Failed inquiry store calls, by operation.",
    ["operation"],
  );
  const busErrors = counter(
    "inquiry_hub_bus_errors_total",
    "Failed event bus publishes and subscription interruptions (operation=resume).",
    ["operation"],
  );
  const rejectedCredentials = counter(
    "inquiry_hub_rejected_credentials_total",
    "Bearer credentials refused (unknown, revoked or expired), HTTP and socket handshakes.",
  );
  let connectedDevices = (): number => 0;
  new Gauge({
    name: "inquiry_hub_connected_devices",
    help: "Socket.IO device connections open on this node.",
    registers,
    collect() {
      this.set(connectedDevices());
    },
  });

  return {
    registry,
    inquiries: {
      opened(inquiry: Inquiry) {
        held.set(inquiry.id, inquiry.type);
        pendingByType[inquiry.type].inc();
      },
      seenFinal(inquiry: Inquiry) {
        const type = held.get(inquiry.id);
        if (type === undefined) return;
        held.delete(inquiry.id);
        pendingByType[type].dec();
      },
      resolved(inquiry: Inquiry) {
        const status = inquiry.status;
        if (status === "pending") return;
        resolutionsBy[status].inc();
        resolutionSecondsBy[status].observe(
          secondsSince(inquiry.createdAt, inquiry.resolution?.resolvedAt ?? Date.now()),
        );
      },
      conflicted() {
        conflicts.inc();
      },
      delivered(channel: DeliveryChannel, inquiry: Inquiry) {
        deliverySecondsBy[channel].observe(secondsSince(inquiry.createdAt, Date.now()));
      },
    },
    storeFailed(operation) {
      storeErrors.labels(operation).inc();
    },
    busFailed(operation) {
      busErrors.labels(operation).inc();
    },
    credentialRejected() {
      rejectedCredentials.inc();
    },
    countConnectedDevices(count) {
      connectedDevices = count;
    },
  };
}
