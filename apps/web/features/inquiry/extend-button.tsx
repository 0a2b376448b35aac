"use client";

import { useMutation } from "@tanstack/react-query";
import { InquirySchema } from "@inquiry-hub/protocol";
import { requestJson } from "@/lib/client/api-client";
import { describeApiError } from "@/lib/client/describe-api-error";
import { useT } from "@/features/i18n";

/** Asks the hub for one configured step more time; the hub tells every device the new deadline. */
function extendInquiry(inquiryId: string): Promise<unknown> {
  return requestJson(`/api/inquiries/${encodeURIComponent(inquiryId)}/extend`, InquirySchema, {
    method: "POST",
  });
}

/**
 * "More time" on a card. The countdown moves when `inquiry:extended` reaches this tab (as it
 * reaches every device), not from this response, so all devices move alike. A refusal (at the
 * waiting call's limit, already resolved) is shown under the button; the card stays as it is.
 * `prominent` (the inquiry expires soon) makes it a primary button, the one to press now.
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
      <button
        type="button"
        className={prominent ? "inquiry-card__extend" : "button--secondary inquiry-card__extend"}
        data-testid="extend-inquiry"
        disabled={disabled || isPending}
        onClick={() => mutate()}
      >
        {t("card.extend")}
      </button>
      {error !== null && (
        <span role="alert" className="error" data-testid="extend-error">
          {describeApiError(error, t, "card.extendFailed")}
        </span>
      )}
    </>
  );
}
