import { describe, expect, it } from "vitest";
import type { DeliveryReceipt } from "@inquiry-hub/protocol";
import { createTranslator, translateMessage } from "@/lib/i18n/translate";
import { describeReceipts } from "./describe-receipts";

const t = createTranslator("en");
const clock = (iso: string) => iso.slice(11, 16);

function receipt(
  kind: DeliveryReceipt["kind"],
  channel: DeliveryReceipt["channel"],
  targetId: string,
  at: string,
  targetName = targetId,
): DeliveryReceipt {
  return { kind, channel, targetId, targetName, at: `2026-11-26T${at}:00.000Z` };
}

const line = (receipts: DeliveryReceipt[]) =>
  describeReceipts(receipts, clock)
    .map((part) => translateMessage(t, part))
    .join(" · ");

describe("describeReceipts", () => {
  it.each<[string, DeliveryReceipt[], string]>([
    [
      "counts devices once whichever channel reached them and names the first that saw it",
      [
        receipt("delivered", "socket", "laptop", "14:00", "Laptop"),
        receipt("delivered", "push", "pixel", "14:00", "Pixel 7"),
        receipt("delivered", "socket", "pixel", "14:01", "Pixel 7"),
        receipt("delivered", "socket", "tab", "14:01", "Tablet"),
        receipt("seen", "notification", "pixel", "14:02", "Pixel 7"),
      ],
      "on 3 devices · seen on Pixel 7 at 14:02",
    ],
    [
      "names chat channels apart from devices, and counts further seers",
      [
        receipt("delivered", "webhook", "webhook", "14:00", "Slack"),
        receipt("delivered", "socket", "laptop", "14:00", "Laptop"),
        receipt("seen", "app", "laptop", "14:05", "Laptop"),
        receipt("seen", "app", "pixel", "14:03", "Pixel 7"),
      ],
      "on 1 device · Slack · seen on Pixel 7 at 14:03 and 1 more",
    ],
  ])("%s", (_name, receipts, expected) => {
    expect(line(receipts)).toBe(expected);
  });

  it("says nothing before the first receipt", () => {
    expect(describeReceipts([], clock)).toEqual([]);
  });
});
