import { describe, expect, it } from "vitest";
import { addPending, removePending, replacePending } from "./pending-cache";
import { pendingInquiry as inquiry } from "@/test/fixtures/pending-inquiry";

const none = new Set<string>();

describe("replacePending", () => {
  it("keeps pending inquiries once each, oldest first", () => {
    const first = inquiry({ createdAt: "2025-01-01T00:00:01.000Z" });
    const second = inquiry({ createdAt: "2025-01-01T00:00:02.000Z" });
    expect(replacePending([second, first, second], none)).toEqual([first, second]);
  });

  it("drops resolved and already withdrawn inquiries", () => {
    const open = inquiry();
    const answered = inquiry({ status: "answered" });
    const withdrawn = inquiry();
    expect(replacePending([open, answered, withdrawn], new Set([withdrawn.id]))).toEqual([open]);
  });
});

describe("addPending", () => {
  it("appends a new inquiry to an empty or missing cache", () => {
    const fresh = inquiry();
    expect(addPending(undefined, fresh, none)).toEqual([fresh]);
  });

  it("ignores duplicates and withdrawn inquiries", () => {
    const known = inquiry();
    const list = [known];
    expect(addPending(list, known, none)).toBe(list);
    const late = inquiry();
    expect(addPending(list, late, new Set([late.id]))).toBe(list);
  });
});

describe("removePending", () => {
  it("removes the withdrawn inquiry and returns it", () => {
    const keep = inquiry();
    const gone = inquiry();
    const result = removePending([keep, gone], gone.id);
    expect(result.list).toEqual([keep]);
    expect(result.removed).toBe(gone);
  });

  it("leaves the list alone for an unknown id", () => {
    const list = [inquiry()];
    expect(removePending(list, "nope")).toEqual({ list, removed: undefined });
    expect(removePending(undefined, "nope").list).toEqual([]);
  });
});
