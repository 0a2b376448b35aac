"use client";

import { useMutation } from "@tanstack/react-query";
import { TimerReset } from "lucide-react";
import { InquirySchema } from "@inquiry-hub/protocol";
import { requestJson } from "@/lib/client/api-client";
import { describeApiError } from "@/lib/client/describe-api-error";
import { Button } from "@/lib/ui/button";
import { useT } from "@/features/i18n";
import { CardError } from "./card-error";

/** Asks the hub for one configured step more time; the hub tells every device the new deadline. */
function extendInquiry(inquiryId: string): Promise<unknown> {
  return requestJson(`/api/inquiries/${encodeURIComponent(inquiryId)}/extend`, InquirySchema, {
    method: "POST",
  });
}

/**
 * "More time" at the end of a card's header. The countdown moves when `inquiry:extended`
 * reaches this tab (as it reaches every device), not from this response, so all devices move
 * alike. A refusal (at the waiting call's limit, already resolved) is shown under the header;
 * the card stays as it is. `prominent` (the inquiry expires soon) makes it a primary button,
 * the one to press now.
 */
export function ExtendButton({
  inquiryId,
  disabled,
  prominent = false,
}: {
  inquiryId: string;
  disabled: boolean;
  prominent?: boolean;
}) {
  const t = useT();
  const { mutate, isPending, error } = useMutation({
    mutationFn: () => extendInquiry(inquiryId),
  });
  return (
    <>
      <Button
        type="button"
        variant={prominent ? "primary" : "secondary"}
        size="sm"
        className="ml-auto min-h-11 sm:min-h-9"
        data-testid="extend-inquiry"
        data-prominent={prominent}
        disabled={disabled || isPending}
        onClick={() => mutate()}
      >
        <TimerReset aria-hidden />
        {t("card.extend")}
      </Button>
      {error !== null && (
        <CardError testId="extend-error" className="w-full">
          {describeApiError(error, t, "card.extendFailed")}
        </CardError>
      )}
    </>
  );
}
