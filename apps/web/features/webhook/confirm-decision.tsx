"use client";

import { useState } from "react";
import { CircleCheck } from "lucide-react";
import { InquirySchema } from "@inquiry-hub/protocol";
import { requestJson } from "@/lib/client/api-client";
import { ApiClientError } from "@/lib/client/api-client-error";
import { describeApiError } from "@/lib/client/describe-api-error";
import type { Translate } from "@/lib/i18n/translate";
import { Button } from "@/lib/ui/button";
import { FieldError } from "@/lib/ui/input";
import { useT } from "@/features/i18n";

type Outcome = { ok: true; status: string } | { ok: false; httpStatus: number; message: string };

async function confirm(token: string, t: Translate): Promise<Outcome> {
  try {
    const inquiry = await requestJson("/api/webhook-decisions", InquirySchema, {
      method: "POST",
      body: { token },
    });
    return { ok: true, status: inquiry.status };
  } catch (error) {
    return {
      ok: false,
      httpStatus: error instanceof ApiClientError ? error.status : 0,
      message: describeApiError(error, t, "webhook.unusable", {
        unreachable: "webhook.unreachable",
        failed: "webhook.unusable",
      }),
    };
  }
}

/** The one button that applies a link's decision: a POST, never the link's GET. */
export function ConfirmDecision({ token, label }: { token: string; label: string }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | undefined>(undefined);

  if (outcome?.ok === true)
    return (
      <p
        role="status"
        data-testid="webhook-decision-result"
        className="flex items-center gap-2 rounded-lg bg-success px-3 py-2 text-sm font-medium text-success-foreground"
      >
        <CircleCheck className="size-4 shrink-0" aria-hidden />
        {t("webhook.done", { status: outcome.status })}
      </p>
    );
  return (
    <>
      <Button
        type="button"
        className="min-h-11 w-full sm:w-auto"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void confirm(token, t).then((result) => {
            setOutcome(result);
            setBusy(false);
          });
        }}
      >
        {t("webhook.confirm", { label })}
      </Button>
      {outcome?.ok === false && (
        <FieldError data-testid="webhook-decision-error">
          {outcome.message} ({outcome.httpStatus})
        </FieldError>
      )}
    </>
  );
}
