"use client";

import { useMemo } from "react";
import type { Inquiry } from "@inquiry-hub/protocol";
import { useHubConnection, useLiveInquiries } from "@/features/live";
import { usePendingInquiries } from "./pending-query";

/**
 * The inquiries this tab may show as answerable cards: the cached pending list minus every
 * inquiry the hub withdrew or this tab settled, whatever order responses came in.
 */
export function useOpenInquiries() {
  const { connected } = useHubConnection();
  const { closedIds } = useLiveInquiries();
  const query = usePendingInquiries(connected);
  const open = useMemo<readonly Inquiry[]>(
    () => (query.data ?? []).filter((inquiry) => !closedIds.has(inquiry.id)),
    [closedIds, query.data],
  );
  return { ...query, open };
}
