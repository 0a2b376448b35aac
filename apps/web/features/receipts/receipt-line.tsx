"use client";

import { useQuery } from "@tanstack/react-query";
import { InquiryReceiptsSchema } from "@inquiry-hub/protocol";
import type { DeliveryReceipt } from "@inquiry-hub/protocol";
import { requestJson } from "@/lib/client/api-client";
import { translateMessage } from "@/lib/i18n/translate";
import { queryKeys } from "@/lib/client/query-keys";
import { useI18n } from "@/features/i18n";
import { describeReceipts } from "./describe-receipts";

async function fetchReceipts(inquiryId: string): Promise<DeliveryReceipt[]> {
  const body = await requestJson(
    `/api/inquiries/${encodeURIComponent(inquiryId)}/receipts`,
    InquiryReceiptsSchema,
  );
  return body.receipts;
}

/** A receipt's time as hours and minutes in the page's language ("14:02"). */
export function receiptClock(locale: string): (iso: string) => string {
  return (iso) => new Date(iso).toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" });
}

/** A wait in the page's language, in its largest unit ("30 sec", "2 min", "7.5 hr"). */
export function receiptDuration(locale: string): (seconds: number) => string {
  return (seconds) => {
    const [value, unit] =
      seconds >= 3600
        ? [seconds / 3600, "hour"]
        : seconds >= 60
          ? [seconds / 60, "minute"]
          : [seconds, "second"];
    return new Intl.NumberFormat(locale, {
      style: "unit",
      unit,
      unitDisplay: "short",
      maximumFractionDigits: unit === "hour" ? 1 : 0,
    }).format(value);
  };
}

/** One line of receipts in words: "on 3 devices · seen on Pixel 7 at 14:02". */
export function ReceiptText({ receipts }: { receipts: readonly DeliveryReceipt[] }) {
  const { t, locale } = useI18n();
  const parts = describeReceipts(receipts, receiptClock(locale), receiptDuration(locale));
  return (
    <>
      {parts.length === 0
        ? t("receipts.none")
        : parts.map((part) => translateMessage(t, part)).join(t("receipts.separator"))}
    </>
  );
}

/**
 * A card's delivery line, small and muted at its foot. Fetched once when the card appears; after that every
 * `inquiry:receipts` event writes into the same cache, so it changes as devices report.
 */
export function ReceiptLine({ inquiryId }: { inquiryId: string }) {
  const { data } = useQuery({
    queryKey: queryKeys.receipts(inquiryId),
    queryFn: () => fetchReceipts(inquiryId),
  });
  if (data === undefined) return null;
  return (
    <p className="border-t pt-2 text-xs text-muted-foreground" data-testid="inquiry-receipts">
      <ReceiptText receipts={data} />
    </p>
  );
}
