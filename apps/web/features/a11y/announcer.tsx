"use client";

import { createContext, useContext, useEffect, useState } from "react";
import type { ReactNode } from "react";

const AnnounceContext = createContext<(text: string) => void>(() => undefined);

/**
 * One polite live region for the whole page. It exists before anything is announced (screen
 * readers only read changes of a region they already know), and it never takes focus, so a
 * card arriving while the person types in the composer is read out without interrupting them.
 */
export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const [text, setText] = useState("");
  return (
    <AnnounceContext.Provider value={setText}>
      {children}
      <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="announcer">
        {text}
      </div>
    </AnnounceContext.Provider>
  );
}

/** Announces `text` when the calling component appears (and again if the text changes). */
export function useAnnounceOnMount(text: string): void {
  const announce = useContext(AnnounceContext);
  useEffect(() => {
    announce(text);
  }, [announce, text]);
}
