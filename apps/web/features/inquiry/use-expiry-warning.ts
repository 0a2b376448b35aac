"use client";

import { useContext } from "react";
import { LiveInquiriesContext } from "@/features/live";
import { isExpiringSoon } from "./expiry-warning";

/**
 * Whether the card of `inquiryId` shows "Expires soon" (see `isExpiringSoon`), from this
 * tab's live state: the hub's `inquiry:expiring` events and the pending records, whose
 * `createdAt` a chat card's stream meta lacks. `left` is the card's countdown, which
 * re-renders it every second. Outside the signed-in layout only the deadline is known,
 * and no warning shows.
 */
export function useExpiryWarning(
  inquiryId: string,
  expiresAt: string | undefined,
  left: number | undefined,
): boolean {
  const live = useContext(LiveInquiriesContext);
  if (expiresAt === undefined || left === undefined) return false;
  return isExpiringSoon(
    {
      expiresAt,
      createdAt: live?.pending?.find((inquiry) => inquiry.id === inquiryId)?.createdAt,
      warnedFor: live?.expiring.get(inquiryId),
    },
    Date.parse(expiresAt) - left,
  );
}
