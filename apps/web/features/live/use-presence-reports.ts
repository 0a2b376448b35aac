"use client";

import { useEffect, useState } from "react";
import type { RefObject } from "react";
import type { HubSocket } from "./connect-hub-socket";
import { createPresenceReporter, currentPresence } from "./presence-reporter";

/**
 * Tells the hub whether this tab is in front of the person: on every (re)connect (the hub
 * keeps presence per connection) and whenever visibility or focus changes, throttled to one
 * report per second. With a routing plan, the hub gives a tab that is visible and focused the
 * plan's wait before the phone's push; with no such tab anywhere, the push goes at once.
 */
export function usePresenceReports(
  socketRef: RefObject<HubSocket | undefined>,
  connectCount: number,
): void {
  const [reporter] = useState(() => createPresenceReporter(() => socketRef.current));

  useEffect(() => {
    if (connectCount > 0) reporter.report(currentPresence());
  }, [connectCount, reporter]);

  useEffect(() => {
    const onChange = () => reporter.report(currentPresence());
    document.addEventListener("visibilitychange", onChange);
    window.addEventListener("focus", onChange);
    window.addEventListener("blur", onChange);
    return () => {
      document.removeEventListener("visibilitychange", onChange);
      window.removeEventListener("focus", onChange);
      window.removeEventListener("blur", onChange);
      reporter.dispose();
    };
  }, [reporter]);
}
