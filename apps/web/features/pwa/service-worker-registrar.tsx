"use client";

import { useEffect } from "react";

/**
 * Registers /sw.js (app shell cache, offline page, Web Push) once a signed-in page loaded.
 * Renders nothing; browsers without service workers simply keep working online.
 */
export function ServiceWorkerRegistrar() {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error: unknown) => {
      console.warn("service worker registration failed", error);
    });
  }, []);
  return null;
}
