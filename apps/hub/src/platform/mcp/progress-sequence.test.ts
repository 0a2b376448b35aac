import { describe, expect, it } from "vitest";
import type { ServerContext } from "@modelcontextprotocol/server";
import { progressSequenceOf } from "./progress-sequence";

/** A handler context as far as the sequence looks at it: its `mcpReq` identity. */
function requestContext(): ServerContext {
  return { mcpReq: {} } as ServerContext;
}

describe("progressSequenceOf", () => {
  it("passes an upstream's values and total unchanged when nothing was sent before", () => {
    const sequence = progressSequenceOf(requestContext());
    expect([1, 2, 3].map((value) => sequence.place(value, 3))).toEqual([
      { progress: 1, total: 3 },
      { progress: 2, total: 3 },
      { progress: 3, total: 3 },
    ]);
  });

  it("shifts an upstream starting at 0 above the heartbeats, keeping its steps and remainder", () => {
    const sequence = progressSequenceOf(requestContext());
    expect([sequence.next(), sequence.next(), sequence.next()]).toEqual([0, 1, 2]);
    expect(sequence.place(0, 4)).toEqual({ progress: 3, total: 7 });
    expect(sequence.place(1, 4)).toEqual({ progress: 4, total: 7 });
    expect(sequence.place(2.5, undefined)).toEqual({ progress: 5.5 });
  });

  it("keeps rising when heartbeats interleave with upstream values or an upstream repeats one", () => {
    const sequence = progressSequenceOf(requestContext());
    sequence.place(1, undefined);
    expect(sequence.next()).toBe(2);
    expect(sequence.place(2, undefined)).toEqual({ progress: 3 });
    expect(sequence.place(2, undefined)).toEqual({ progress: 4 });
    expect(sequence.next()).toBe(5);
  });

  it("is one sequence per request, shared by everyone reporting on it", () => {
    const context = requestContext();
    progressSequenceOf(context).next();
    expect(progressSequenceOf(context).next()).toBe(1);
    expect(progressSequenceOf(requestContext()).next()).toBe(0);
  });
});
