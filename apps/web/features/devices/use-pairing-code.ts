"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import type { PairingCode } from "@inquiry-hub/protocol";
import { useCountdown } from "@/features/inquiry";
import { createPairingCode, fetchPairingStatus } from "./devices-client";

/** How often the panel asks whether the code it shows was used. */
const STATUS_POLL_MS = 2_000;

/** What the panel shows of its code: none yet, waiting (time left), used by a device, expired. */
export type PairingCodeState =
  | { kind: "none" }
  | { kind: "waiting"; code: PairingCode; left: number | undefined }
  | { kind: "used"; code: PairingCode; deviceName: string }
  | { kind: "expired"; code: PairingCode };

/**
 * A pairing code of this person and its live state: the hub is asked every two seconds while
 * the code waits, so the panel says "Used by Pixel 7" moments after the phone paired, and the
 * local countdown turns it to expired on time even between two asks.
 */
export function usePairingCode(): {
  state: PairingCodeState;
  create: () => void;
  creating: boolean;
  error: Error | null;
} {
  const {
    mutate,
    data: code,
    isPending,
    error,
  } = useMutation({
    mutationFn: () => createPairingCode(),
  });
  const left = useCountdown(code?.expiresAt);
  const { data: status } = useQuery({
    queryKey: ["pairing", code?.id],
    queryFn: () => fetchPairingStatus(code?.id ?? ""),
    enabled: code !== undefined,
    refetchInterval: (query) =>
      query.state.data === undefined || query.state.data.state === "waiting"
        ? STATUS_POLL_MS
        : false,
  });

  const state: PairingCodeState =
    code === undefined
      ? { kind: "none" }
      : status?.state === "used"
        ? { kind: "used", code, deviceName: status.device.name }
        : status?.state === "expired" || (left !== undefined && left <= 0)
          ? { kind: "expired", code }
          : { kind: "waiting", code, left };
  return { state, create: () => mutate(), creating: isPending, error };
}
