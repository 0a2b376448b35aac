"use client";

import { useQuery } from "@tanstack/react-query";
import { InquirySchema } from "@inquiry-hub/protocol";
import type { Inquiry } from "@inquiry-hub/protocol";
import { z } from "zod";
import { requestJson } from "@/lib/client/api-client";
import { queryKeys } from "@/lib/client/query-keys";

const PendingResponseSchema = z.array(InquirySchema);

/** GET /api/inquiries (the pending list). Throws on any failure; React Query retries. */
export function fetchPendingInquiries(): Promise<Inquiry[]> {
  return requestJson("/api/inquiries", PendingResponseSchema);
}

/**
 * The pending list. While the socket is connected it keeps the cache current and HTTP is
 * only the first paint; while it is not, the list is polled so the inbox still moves.
 */
export function usePendingInquiries(socketConnected: boolean) {
  return useQuery({
    queryKey: queryKeys.pendingInquiries,
    queryFn: fetchPendingInquiries,
    staleTime: socketConnected ? Infinity : 5_000,
    refetchInterval: socketConnected ? false : 10_000,
  });
}
