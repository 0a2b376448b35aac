import type { DeliveryReceipt } from "@inquiry-hub/protocol";
import type { Message, MessageKey } from "@/lib/i18n/translate";

/** Channels that reach a device (rather than a chat channel such as Slack). */
const DEVICE_CHANNELS = new Set<DeliveryReceipt["channel"]>(["socket", "push"]);

/** The receipts of the routing plan's steps; the rest are devices' and channels'. */
type StepKind = Exclude<DeliveryReceipt["kind"], "delivered" | "seen">;

const STEP_WORDS: Record<StepKind, Record<"push" | "webhook", MessageKey>> = {
  waiting: { push: "receipts.stepPushWaiting", webhook: "receipts.stepWebhookWaiting" },
  held: { push: "receipts.stepPushHeld", webhook: "receipts.stepWebhookHeld" },
  "no-tab": { push: "receipts.stepNoTab", webhook: "receipts.stepNoTab" },
  "skipped-seen": { push: "receipts.stepPushSkipped", webhook: "receipts.stepWebhookSkipped" },
};

const isStep = (kind: DeliveryReceipt["kind"]): kind is StepKind =>
  kind !== "delivered" && kind !== "seen";

/**
 * A routing step's receipt in words ("push to the phone after 30 s unseen", "push held: quiet
 * hours, 2 h more"); undefined for a device's or channel's receipt. `duration` words seconds.
 */
export function describeStep(
  receipt: DeliveryReceipt,
  duration: (seconds: number) => string,
): Message | undefined {
  if (!isStep(receipt.kind)) return undefined;
  if (receipt.channel !== "push" && receipt.channel !== "webhook") return undefined;
  return {
    key: STEP_WORDS[receipt.kind][receipt.channel],
    params: { wait: duration(receipt.waitSeconds ?? 0) },
  };
}

/**
 * The parts of a receipt line, in words still to be chosen by the page's language:
 * "on 3 devices", "Slack", "seen on Pixel 7 at 14:02" (the first device that saw it; more
 * seers add "and 1 more"), then each channel's latest routing step ("push held: quiet hours,
 * 2 h more"), a waiting one only while nobody has seen the question. Nothing when no receipt came yet. `clock` formats a time, `duration` a wait.
 *
 * @example describeReceipts(receipts, clock) // [{key:"receipts.devices",params:{count:3}}, …]
 */
export function describeReceipts(
  receipts: readonly DeliveryReceipt[],
  clock: (iso: string) => string,
  duration: (seconds: number) => string = (seconds) => `${seconds} s`,
): Message[] {
  const delivered = receipts.filter((each) => each.kind === "delivered");
  const devices = new Set(
    delivered.filter((each) => DEVICE_CHANNELS.has(each.channel)).map((each) => each.targetId),
  );
  const channels = [
    ...new Set(
      delivered.filter((each) => !DEVICE_CHANNELS.has(each.channel)).map((each) => each.targetName),
    ),
  ];
  const seen = receipts
    .filter((each) => each.kind === "seen")
    .sort((a, b) => a.at.localeCompare(b.at));
  const seers = [...new Set(seen.map((each) => each.targetId))];
  const first = seen[0];

  const parts: Message[] = [];
  if (devices.size > 0)
    parts.push({
      key: devices.size === 1 ? "receipts.oneDevice" : "receipts.devices",
      params: { count: devices.size },
    });
  for (const name of channels) parts.push({ key: "receipts.channel", params: { name } });
  if (first !== undefined)
    parts.push(
      seers.length === 1
        ? { key: "receipts.seen", params: { device: first.targetName, time: clock(first.at) } }
        : {
            key: "receipts.seenAndMore",
            params: { device: first.targetName, time: clock(first.at), more: seers.length - 1 },
          },
    );
  // A step still waiting goes out only if nobody sees the question: once seen, it never will.
  const pending = new Set<DeliveryReceipt["kind"]>(["waiting", "held"]);
  const latestStep = new Map<string, DeliveryReceipt>();
  for (const each of [...receipts].sort((a, b) => a.at.localeCompare(b.at)))
    if (isStep(each.kind)) latestStep.set(each.channel, each);
  if (first !== undefined)
    for (const [channel, step] of latestStep)
      if (pending.has(step.kind)) latestStep.delete(channel);
  for (const step of latestStep.values()) {
    const words = describeStep(step, duration);
    if (words !== undefined) parts.push(words);
  }
  return parts;
}
