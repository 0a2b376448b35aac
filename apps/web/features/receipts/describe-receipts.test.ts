import { describe, expect, it } from "vitest";
import type { DeliveryReceipt } from "@inquiry-hub/protocol";
import { createTranslator, translateMessage } from "@/lib/i18n/translate";
import { describeReceipts, describeStep } from "./describe-receipts";
import { receiptDuration } from "./receipt-line";

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

function step(
  kind: DeliveryReceipt["kind"],
  channel: "push" | "webhook",
  at: string,
  waitSeconds?: number,
): DeliveryReceipt {
  return {
    ...receipt(kind, channel, "routing-plan", at, "routing plan"),
    ...(waitSeconds === undefined ? {} : { waitSeconds }),
  };
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
    [
      "adds each channel's latest routing step",
      [
        step("waiting", "push", "14:00", 30),
        step("waiting", "webhook", "14:00", 120),
        receipt("delivered", "socket", "laptop", "14:00", "Laptop"),
        step("skipped-seen", "push", "14:01"),
      ],
      "on 1 device · not pushed: already seen · Slack/webhook after 120 s unseen",
    ],
    [
      "drops a waiting step once the question is seen, since it will not go out",
      [step("waiting", "push", "14:00", 30), receipt("seen", "app", "laptop", "14:00", "Laptop")],
      "seen on Laptop at 14:00",
    ],
    [
      "says a push went at once when no tab was in front of the person",
      [step("no-tab", "push", "14:00"), receipt("delivered", "push", "pixel", "14:00", "Pixel 7")],
      "on 1 device · pushed at once: no tab in front of you",
    ],
  ])("%s", (_name, receipts, expected) => {
    expect(line(receipts)).toBe(expected);
  });

  it("words a held step's wait in the page's language", () => {
    const held = step("held", "push", "22:00", 27_000);
    const words = describeStep(held, receiptDuration("en"));
    expect(words && translateMessage(t, words)).toBe("push held: quiet hours, 7.5 hr more");
    const zh = createTranslator("zh-CN");
    const waiting = describeStep(step("waiting", "push", "14:00", 30), receiptDuration("zh-CN"));
    expect(waiting && translateMessage(zh, waiting)).toBe("30秒内未查看则推送到手机");
    expect(describeStep(receipt("seen", "app", "pixel", "14:00"), receiptDuration("en"))).toBe(
      undefined,
    );
  });

  it("says nothing before the first receipt", () => {
    expect(describeReceipts([], clock)).toEqual([]);
  });
});
