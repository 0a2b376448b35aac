import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { StreamEventLog, StreamEventLogLimits } from "../../src/platform/mcp/streams/ports";
import { createMemoryStreamEventLog } from "../../src/platform/mcp/streams/memory-stream-event-log";
import { createSessionEventStore } from "../../src/platform/mcp/sdk-event-store";

/** The stream event log's contract: ordered replay after an id, bounded, expiring. */
function describeStreamEventLogContract(
  name: string,
  open: (limits: StreamEventLogLimits) => StreamEventLog,
): void {
  describe(`stream event log contract: ${name}`, () => {
    it("replays the events after an id, in order, and only its stream's", async () => {
      const log = open({ maxEventsPerStream: 100, ttlMs: 60_000 });
      const [stream, other] = [randomUUID(), randomUUID()];
      const first = await log.append(stream, "one");
      await log.append(other, "elsewhere");
      const second = await log.append(stream, "two");
      await log.append(stream, "three");
      const replay = await log.after(first);
      expect(replay?.streamId).toBe(stream);
      expect(replay?.events.map((event) => event.message)).toEqual(["two", "three"]);
      expect(replay?.events[0]?.id).toBe(second);
      expect((await log.after(second))?.events.map((event) => event.message)).toEqual(["three"]);
      expect(await log.after("not-an-event-id")).toBeUndefined();
      expect(await log.after(`${randomUUID()}/0`)).toBeUndefined();
    });

    it("keeps only the newest events of a stream", async () => {
      const log = open({ maxEventsPerStream: 2, ttlMs: 60_000 });
      const stream = randomUUID();
      const first = await log.append(stream, "a");
      for (const message of ["b", "c", "d"]) await log.append(stream, message);
      expect((await log.after(first))?.events.map((event) => event.message)).toEqual(["c", "d"]);
    });

    it("forgets a stream after its time to live", async () => {
      const log = open({ maxEventsPerStream: 10, ttlMs: 30 });
      const first = await log.append(randomUUID(), "short-lived");
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect(await log.after(first)).toBeUndefined();
    });
  });
}

describeStreamEventLogContract("memory", (limits) => createMemoryStreamEventLog(limits));

describe("the memory stream event log's sweep", () => {
  it("drops only expired streams: a stream appended to again lives on past older ones", async () => {
    let nowMs = 0;
    const log = createMemoryStreamEventLog({ maxEventsPerStream: 10, ttlMs: 1_000 }, () => nowMs);
    const [kept, dropped] = [randomUUID(), randomUUID()];
    const keptFirst = await log.append(kept, "one");
    nowMs = 500;
    const droppedFirst = await log.append(dropped, "lone");
    await log.append(dropped, "last");
    nowMs = 900;
    await log.append(kept, "two");
    nowMs = 1_600;
    await log.append(randomUUID(), "sweeps");
    expect((await log.after(keptFirst))?.events.map((event) => event.message)).toEqual(["two"]);
    expect(await log.after(droppedFirst)).toBeUndefined();
  });
});

describe("a session's SDK event store", () => {
  it("replays its own streams under the SDK's ids and refuses another session's event ids", async () => {
    const log = createMemoryStreamEventLog({ maxEventsPerStream: 10, ttlMs: 60_000 });
    const mine = createSessionEventStore(log, randomUUID());
    const theirs = createSessionEventStore(log, randomUUID());
    const message = { jsonrpc: "2.0" as const, method: "notifications/progress", params: {} };
    const primed = await mine.storeEvent("_GET_stream", message);
    await mine.storeEvent("_GET_stream", { ...message, params: { progress: 1 } });
    const sent: unknown[] = [];
    const streamId = await mine.replayEventsAfter(primed, {
      send: (_id, replayed) => {
        sent.push(replayed);
        return Promise.resolve();
      },
    });
    expect(streamId).toBe("_GET_stream");
    expect(sent).toEqual([{ ...message, params: { progress: 1 } }]);
    await expect(
      theirs.replayEventsAfter(primed, { send: () => Promise.resolve() }),
    ).rejects.toThrow(/unknown or expired event id/);
  });
});
