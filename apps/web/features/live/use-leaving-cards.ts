"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { LeavingCard } from "./pending-state";

/** How long a leaving card's note stays, in milliseconds (the CSS fade matches it). */
export const LEAVE_NOTE_MS = 5_000;

/**
 * The notes of cards that just left the inbox, each shown for `LEAVE_NOTE_MS` and then
 * dropped. A card already leaving is not added twice. Timers end with the component.
 */
export function useLeavingCards(): {
  leaving: readonly LeavingCard[];
  leave: (cards: readonly LeavingCard[]) => void;
} {
  const [leaving, setLeaving] = useState<readonly LeavingCard[]>([]);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  const leave = useCallback((cards: readonly LeavingCard[]) => {
    for (const card of cards) {
      const id = card.inquiry.id;
      setLeaving((current) =>
        current.some((known) => known.inquiry.id === id) ? current : [...current, card],
      );
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        setLeaving((current) => current.filter((known) => known.inquiry.id !== id));
      }, LEAVE_NOTE_MS);
      timers.current.add(timer);
    }
  }, []);

  return { leaving, leave };
}
