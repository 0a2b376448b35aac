import type { DeliveryReceipt } from "@inquiry-hub/protocol";
import type { Message } from "@/lib/i18n/translate";

/** Channels that reach a device (rather than a chat channel such as Slack). */
const DEVICE_CHANNELS = new Set<DeliveryReceipt["channel"]>(["socket", "push"]);

/**
 * The parts of a receipt line, in words still to be chosen by the page's language:
 * "on 3 devices", "Slack", "seen on Pixel 7 at 14:02" (the first device that saw it; more
 * seers add "and 1 more"). Nothing when no receipt came yet. `clock` formats a time.
 *
 * @example describeReceipts(receipts, clock) // [{key:"receipts.devices",params:{count:3}}, …]
 */
export function describeReceipts(
  receipts: readonly DeliveryReceipt[],
  clock: (iso: string) => string,
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
  return parts;
}
