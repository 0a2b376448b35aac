import { EventEmitter } from "node:events";
import { afterEach, describe, expect, it, vi } from "vitest";
import { boundShutdown } from "./shutdown-deadline";

/** A stand-in for `process`: signals are events, `exit` is recorded instead of ending the test run. */
function fakeProcess() {
  const events = new EventEmitter();
  const exit = vi.fn();
  return {
    events,
    exit,
    target: {
      once: (signal: string, listener: () => void) => events.once(signal, listener),
      exit,
    } as unknown as Pick<NodeJS.Process, "once" | "exit">,
  };
}

describe("boundShutdown", () => {
  afterEach(() => vi.useRealTimers());

  it("ends the process with 143 once the deadline after SIGTERM passes", () => {
    vi.useFakeTimers();
    const fake = fakeProcess();
    boundShutdown(fake.target, 5_000);
    fake.events.emit("SIGTERM");
    vi.advanceTimersByTime(4_999);
    expect(fake.exit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fake.exit).toHaveBeenCalledWith(143);
  });

  it("ends it with 130 after SIGINT, and does nothing while no signal came", () => {
    vi.useFakeTimers();
    const fake = fakeProcess();
    boundShutdown(fake.target, 1_000);
    vi.advanceTimersByTime(10_000);
    expect(fake.exit).not.toHaveBeenCalled();
    fake.events.emit("SIGINT");
    vi.advanceTimersByTime(1_000);
    expect(fake.exit).toHaveBeenCalledWith(130);
  });
});
