"use client";

import { useState } from "react";
import { ApiErrorBodySchema, InquirySchema } from "@inquiry-hub/protocol";
import type { Translate } from "@/lib/i18n/translate";
import { useT } from "../i18n/i18n-provider";

type Outcome = { ok: true; status: string } | { ok: false; httpStatus: number; message: string };

async function confirm(token: string, t: Translate): Promise<Outcome> {
  let response: Response;
  try {
    response = await fetch("/api/webhook-decisions", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token }),
    });
  } catch {
    return { ok: false, httpStatus: 0, message: t("webhook.unreachable") };
  }
  const body = (await response.json().catch(() => undefined)) as unknown;
  if (response.ok) return { ok: true, status: InquirySchema.parse(body).status };
  const error = ApiErrorBodySchema.safeParse(body);
  return {
    ok: false,
    httpStatus: response.status,
    message: error.success ? error.data.error.message : t("webhook.unusable"),
  };
}

/** The one button that applies a link's decision: a POST, never the link's GET. */
export function ConfirmDecision({ token, label }: { token: string; label: string }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | undefined>(undefined);

  if (outcome?.ok === true)
    return (
      <p role="status" data-testid="webhook-decision-result">
        {t("webhook.done", { status: outcome.status })}
      </p>
    );
  return (
    <>
      <button
        type="button"
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
      </button>
      {outcome?.ok === false && (
        <p role="alert" className="error" data-testid="webhook-decision-error">
          {outcome.message} ({outcome.httpStatus})
        </p>
      )}
    </>
  );
}
