"use client";

import { useQuery } from "@tanstack/react-query";
import { InquirySchema } from "@inquiry-hub/protocol";
import type { Inquiry } from "@inquiry-hub/protocol";
import { z } from "zod";

/** React Query key of this user's pending inquiries; socket events write into it. */
export const PENDING_QUERY_KEY = ["inquiries", "pending"] as const;

const PendingResponseSchema = z.array(InquirySchema);

/** GET /api/inquiries (the pending list). Throws on any failure; React Query retries. */
export async function fetchPendingInquiries(): Promise<Inquiry[]> {
  const response = await fetch("/api/inquiries", { cache: "no-store" });
  if (!response.ok) throw new Error(`Loading the inbox failed (${response.status}).`);
  return PendingResponseSchema.parse(await response.json());
}

/**
 * The pending list. While the socket is connected it keeps the cache current and HTTP is
 * only the first paint; while it is not, the list is polled so the inbox still moves.
 */
export function usePendingInquiries(socketConnected: boolean) {
  return useQuery({
    queryKey: PENDING_QUERY_KEY,
    queryFn: fetchPendingInquiries,
    staleTime: socketConnected ? Infinity : 5_000,
    refetchInterval: socketConnected ? false : 10_000,
  });
}
