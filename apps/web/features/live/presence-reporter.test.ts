import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { HubSocket } from "./connect-hub-socket";
import { createPresenceReporter } from "./presence-reporter";

/** A socket that records the presence reports emitted on it. */
function recordingSocket(connected = true) {
  const sent: unknown[] = [];
  const socket = {
    connected,
    emit: (event: string, payload: unknown) => {
      if (event === "presence:report") sent.push(payload);
    },
  };
  return { socket: socket as unknown as HubSocket, sent };
}

const HERE = { visible: true, focused: true };
const AWAY = { visible: false, focused: false };

describe("createPresenceReporter", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("sends the first report at once and at most one a second after it, the latest state last", () => {
    const { socket, sent } = recordingSocket();
    const reporter = createPresenceReporter(() => socket);
    reporter.report(HERE);
    reporter.report(AWAY);
    reporter.report(HERE);
    reporter.report(AWAY);
    expect(sent).toEqual([HERE]);
    vi.advanceTimersByTime(999);
    expect(sent).toEqual([HERE]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([HERE, AWAY]);
  });

  it("sends at once again once a second has passed", () => {
    const { socket, sent } = recordingSocket();
    const reporter = createPresenceReporter(() => socket);
    reporter.report(HERE);
    vi.advanceTimersByTime(1_500);
    reporter.report(AWAY);
    expect(sent).toEqual([HERE, AWAY]);
  });

  it("sends nothing while the socket is down, and nothing left waiting after dispose", () => {
    const down = recordingSocket(false);
    createPresenceReporter(() => down.socket).report(HERE);
    expect(down.sent).toEqual([]);

    const { socket, sent } = recordingSocket();
    const reporter = createPresenceReporter(() => socket);
    reporter.report(HERE);
    reporter.report(AWAY);
    reporter.dispose();
    vi.advanceTimersByTime(2_000);
    expect(sent).toEqual([HERE]);
  });
});
