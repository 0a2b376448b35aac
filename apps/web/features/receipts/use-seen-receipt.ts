"use client";

import { useEffect } from "react";
import type { RefObject } from "react";
import { useHubConnection } from "@/features/live";

/** How much of the card must be on screen to count as seen. */
const VISIBLE_SHARE = 0.5;

/**
 * Reports the card as seen once at least half of it is on screen while the tab is visible
 * and focused: a card in a background tab, scrolled away, or on a page the person is not
 * looking at does not count. `notification` when the tab was opened on the card's own link
 * (`/inbox#<id>`, where a notification click lands). Re-armed after every reconnect, so a
 * report lost while offline is sent again.
 */
export function useSeenReceipt(
  ref: RefObject<HTMLElement | null>,
  inquiryId: string | undefined,
): void {
  const { reportSeen, connectCount } = useHubConnection();

  useEffect(() => {
    const element = ref.current;
    if (element === null || inquiryId === undefined) return;
    let onScreen = false;
    const check = () => {
      if (!onScreen || document.visibilityState !== "visible" || !document.hasFocus()) return;
      reportSeen(inquiryId, window.location.hash === `#${inquiryId}` ? "notification" : "app");
    };
    const observer = new IntersectionObserver(
      (entries) => {
        onScreen = entries.some((entry) => entry.isIntersecting);
        check();
      },
      { threshold: VISIBLE_SHARE },
    );
    observer.observe(element);
    window.addEventListener("focus", check);
    document.addEventListener("visibilitychange", check);
    return () => {
      observer.disconnect();
      window.removeEventListener("focus", check);
      document.removeEventListener("visibilitychange", check);
    };
  }, [ref, inquiryId, reportSeen, connectCount]);
}
