"use client";

import { useState } from "react";
import { ApiErrorBodySchema, InquirySchema } from "@inquiry-hub/protocol";

type Outcome = { ok: true; status: string } | { ok: false; httpStatus: number; message: string };

async function confirm(token: string): Promise<Outcome> {
  let response: Response;
  try {
    response = await fetch("/api/webhook-decisions", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token }),
    });
  } catch {
    return { ok: false, httpStatus: 0, message: "Could not reach the server. Try again." };
  }
  const body = (await response.json().catch(() => undefined)) as unknown;
  if (response.ok) return { ok: true, status: InquirySchema.parse(body).status };
  const error = ApiErrorBodySchema.safeParse(body);
  return {
    ok: false,
    httpStatus: response.status,
    message: error.success ? error.data.error.message : "This link cannot be used.",
  };
}

/** The one button that applies a link's decision: a POST, never the link's GET. */
export function ConfirmDecision({ token, label }: { token: string; label: string }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | undefined>(undefined);

  if (outcome?.ok === true)
    return (
      <p role="status" data-testid="webhook-decision-result">
        Done: the inquiry is now {outcome.status}.
      </p>
    );
  return (
    <>
      <button
        type="button"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void confirm(token).then((result) => {
            setOutcome(result);
            setBusy(false);
          });
        }}
      >
        Confirm: {label}
      </button>
      {outcome?.ok === false && (
        <p role="alert" className="error" data-testid="webhook-decision-error">
          {outcome.message} ({outcome.httpStatus})
        </p>
      )}
    </>
  );
}
