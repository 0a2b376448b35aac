"use client";

import { useEffect, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { isYoloActive } from "@inquiry-hub/protocol";
import type { YoloSetting } from "@inquiry-hub/protocol";
import { useHubConnection } from "@/features/live";
import { queryKeys } from "@/lib/client/query-keys";
import { fetchSettings } from "./settings-client";

/** Margin past `until` before asking the hub again, so it already reports the period over. */
const EXPIRY_REFETCH_MARGIN_MS = 500;

export interface YoloState {
  /** The setting as the hub last reported it; undefined while loading. */
  setting: YoloSetting | undefined;
  /** Whether YOLO is in force right now: on, and its period (if any) not yet over. */
  active: boolean;
  /** When an active period ends by itself; undefined when active until switched off, or off. */
  until: string | undefined;
}

/**
 * This person's YOLO state, live: the settings query (which the socket's `settings:changed`
 * writes into, so every device agrees) plus the clock, so a timed period reads as over the
 * moment it ends, and the hub is asked again just after. Every (re)connect of the tab's
 * socket refetches too: a change made while it was connecting or down was never pushed here.
 * Needs the HubSocketProvider of the signed-in layout.
 */
export function useYoloSetting(): YoloState {
  const queryClient = useQueryClient();
  const { connectCount } = useHubConnection();
  const { data } = useQuery({ queryKey: queryKeys.settings, queryFn: fetchSettings });
  const [now, setNow] = useState(() => Date.now());
  const setting = data?.yolo;
  const until = setting?.enabled === true ? setting.until : undefined;

  useEffect(() => {
    if (connectCount === 0) return;
    // Several components read YOLO; one refetch per connect serves them all.
    void queryClient.invalidateQueries({ queryKey: queryKeys.settings }, { cancelRefetch: false });
  }, [connectCount, queryClient]);

  useEffect(() => {
    if (until === undefined) return;
    const timer = setTimeout(
      () => {
        setNow(Date.now());
        void queryClient.invalidateQueries({ queryKey: queryKeys.settings });
      },
      Math.max(0, Date.parse(until) - Date.now()) + EXPIRY_REFETCH_MARGIN_MS,
    );
    return () => clearTimeout(timer);
  }, [queryClient, until]);

  const active = setting !== undefined && isYoloActive(setting, new Date(now));
  return { setting, active, until: active ? until : undefined };
}

/** The end of a YOLO period as hours and minutes in the page's language ("14:05"). */
export function formatYoloTime(iso: string, locale: string): string {
  return new Date(iso).toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" });
}
