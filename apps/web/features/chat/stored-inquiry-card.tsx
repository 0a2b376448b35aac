"use client";

import { useQuery } from "@tanstack/react-query";
import { toOpenedMeta } from "@inquiry-hub/protocol";
import { queryKeys } from "@/lib/client/query-keys";
import { useT } from "@/features/i18n";
import { ClosedInquiryCard } from "./closed-inquiry-card";
import { STALE_NOTE, noteForStatus } from "@/features/live";
import { fetchInquiryRecord } from "./conversations-client";

/**
 * A question of a stored turn, which names it only by id: the hub's record of the inquiry
 * gives the question, and the closed card says how it ended, as in the live transcript.
 */
export function StoredInquiryCard({ inquiryId }: { inquiryId: string }) {
  const t = useT();
  const { data, isError } = useQuery({
    queryKey: queryKeys.inquiryRecord(inquiryId),
    queryFn: () => fetchInquiryRecord(inquiryId),
    staleTime: Infinity,
  });
  if (data === undefined)
    return (
      <p className="text-sm text-muted-foreground">
        {t(isError ? "chat.questionUnavailable" : "common.loading")}
      </p>
    );
  const note = data.status === "pending" ? STALE_NOTE : noteForStatus(data.status);
  return <ClosedInquiryCard inquiry={toOpenedMeta(data)} note={note} />;
}
