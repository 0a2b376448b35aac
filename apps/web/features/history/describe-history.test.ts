import { describe, expect, it } from "vitest";
import type { HistoryItem } from "@inquiry-hub/protocol";
import { createTranslator } from "@/lib/i18n/translate";
import {
  decisionLabel,
  describeOutcome,
  describeResolution,
  formatDuration as formatDurationIn,
} from "./describe-history";

const en = createTranslator("en");
const formatDuration = (ms: number): string => formatDurationIn(ms, en, "en");

function item(fields: Partial<HistoryItem>): HistoryItem {
  return {
    id: "9b2f7d1e-4a4c-4e0a-9a43-5a1c2b3d4e5f",
    type: "INQUIRY",
    question: "Which city?",
    status: "answered",
    decision: "answered",
    decidedBy: "person",
    byDeviceId: "device-1",
    byDeviceName: "Pixel 7",
    createdAt: "2026-11-27T10:00:00.000Z",
    resolvedAt: "2026-11-27T10:00:12.000Z",
    durationMs: 12_000,
    failedDeliveries: 0,
    ...fields,
  };
}

describe("formatDuration", () => {
  it("picks the unit a person reads at a glance, numbers in their language", () => {
    expect(formatDuration(850)).toBe("850 ms");
    expect(formatDuration(12_400)).toBe("12 s");
    expect(formatDuration(180_000)).toBe("3 min");
    expect(formatDuration(185_000)).toBe("3 min 5 s");
    expect(formatDuration(2 * 3_600_000 + 4 * 60_000)).toBe("2 h 4 min");
    expect(formatDurationIn(1_234 * 3_600_000, en, "en")).toBe("1,234 h 0 min");
  });
});

describe("describing a history item", () => {
  it("says who decided: a person's device, YOLO, a rule, or nobody in time", () => {
    expect(describeResolution(item({}), en, "en")).toBe("on Pixel 7 · after 12 s");
    const yolo = item({
      decision: "approved",
      decidedBy: "yolo",
      byDeviceId: null,
      byDeviceName: null,
    });
    expect(describeResolution(yolo, en, "en")).toBe("by YOLO, without asking");
    const byRule = item({
      type: "APPROVAL",
      decision: "approved",
      decidedBy: "rule",
      byRule: { id: "r1", name: "notes writes" },
      byDeviceId: null,
      byDeviceName: null,
    });
    expect(describeResolution(byRule, en, "en")).toBe("allowed by rule notes writes");
    const late = item({ status: "timeout", decision: "timeout", decidedBy: "nobody" });
    expect(describeResolution({ ...late, byDeviceName: null }, en, "en")).toBe(
      "nobody decided in time · after 12 s",
    );
  });

  it("words a refusal by kind and shows no answer for an approval's decision", () => {
    expect(decisionLabel(item({ decision: "rejected" }), en)).toBe("Declined");
    expect(decisionLabel(item({ type: "APPROVAL", decision: "rejected" }), en)).toBe("Rejected");
    expect(decisionLabel(item({ type: "APPROVAL", decision: "edited" }), en)).toBe(
      "Approved with edits",
    );
    expect(describeOutcome(item({ type: "APPROVAL", response: "edit" }))).toBeUndefined();
    expect(describeOutcome(item({ response: "Hangzhou" }))).toBe("Hangzhou");
    expect(describeOutcome(item({ values: { size: 4, city: "Lisbon" } }))).toBe(
      "size: 4 · city: Lisbon",
    );
  });
});
