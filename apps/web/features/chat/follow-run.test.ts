import { describe, expect, it } from "vitest";
import { ApiClientError } from "@/lib/client/api-client-error";
import type { ChatAction } from "./chat-state";
import { followRun } from "./follow-run";

function chunk(id: number, text: string): string {
  const delta = { choices: [{ index: 0, delta: { content: text }, finish_reason: null }] };
  return `id: ${id}\ndata: ${JSON.stringify(delta)}\n\n`;
}

/** A stream delivering `text`, then closing or (broken) failing like a dropped connection. */
function streamOf(text: string, broken = false): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream(
    {
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(new TextEncoder().encode(text));
        } else if (broken) controller.error(new Error("network down"));
        else controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}

function deps(opens: (ReadableStream<Uint8Array> | Error)[], isOver = () => false) {
  const actions: ChatAction[] = [];
  const asked: (number | undefined)[] = [];
  const waits: number[] = [];
  return {
    actions,
    asked,
    waits,
    value: {
      dispatch: (action: ChatAction) => actions.push(action),
      open: (_runId: string, lastEventId: number | undefined) => {
        asked.push(lastEventId);
        const next = opens.shift();
        return next instanceof Error || next === undefined
          ? Promise.reject(next ?? new Error("no more"))
          : Promise.resolve(next);
      },
      isOver,
      sleep: (ms: number) => {
        waits.push(ms);
        return Promise.resolve();
      },
      signal: new AbortController().signal,
      random: () => 0,
    },
  };
}

describe("followRun", () => {
  it("re-attaches after a drop with the last event id seen, until [DONE]", async () => {
    const run = deps([new TypeError("fetch failed"), streamOf(`${chunk(3, "c")}data: [DONE]\n\n`)]);
    const outcome = await followRun(
      streamOf(chunk(1, "a") + chunk(2, "b"), true),
      "run-1",
      run.value,
    );
    expect(outcome).toEqual({ kind: "done" });
    expect(run.asked).toEqual([2, 2]);
    expect(run.waits).toEqual([250, 500]);
    expect(run.actions.filter((action) => action.type === "detached")).toHaveLength(2);
    expect(run.actions).toContainEqual({ type: "reattached" });
  });

  it("stops re-attaching once the conversation holds the final reply", async () => {
    const run = deps([], () => true);
    expect(await followRun(streamOf(chunk(1, "a")), "run-1", run.value)).toEqual({ kind: "over" });
    expect(run.asked).toEqual([]);
  });

  it("gives up on a refusal and on a drop without a run to re-attach to", async () => {
    const gone = new ApiClientError("NOT_FOUND", 404, "no such run");
    const refused = deps([gone]);
    expect(await followRun(undefined, "run-1", refused.value)).toEqual({
      kind: "lost",
      error: gone,
    });
    const plain = deps([]);
    expect((await followRun(streamOf(chunk(1, "a"), true), undefined, plain.value)).kind).toBe(
      "lost",
    );
  });
});
