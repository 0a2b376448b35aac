"use client";

import { useEffect, useState } from "react";
import { millisecondsUntil } from "./format-countdown";

/**
 * The clock, re-read every `intervalMs`: for a page whose words depend on the time ("expired",
 * "seen 2 minutes ago") but need not move every second.
 */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * Milliseconds left until `deadline`, re-rendering every second; undefined without a
 * deadline. Stops ticking once the deadline has passed.
 */
export function useCountdown(deadline: string | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  const left = millisecondsUntil(deadline, now);
  const running = left !== undefined && left > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return left;
}
