import type { Metadata } from "next";
import { ConfirmDecision } from "@/features/webhook/confirm-decision";
import { decisionLabel, previewDecision } from "@/features/webhook/decision-preview";
import "@/features/webhook/webhook-decide.css";

export const dynamic = "force-dynamic";

/** The token is in the URL: never leak it to other sites through Referer. */
export const metadata: Metadata = { title: "Confirm · Inquiry Hub", referrer: "no-referrer" };

/**
 * Where a webhook message's decision links lead. Opening it changes nothing (link previews
 * and mail scanners fetch it too); it shows the question and a confirm button that POSTs.
 * No login needed: the signed token is the credential.
 */
export default async function WebhookDecidePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const token = (await searchParams).t;
  const result =
    typeof token === "string" && token !== ""
      ? await previewDecision(token)
      : ({ ok: false, status: 400, message: "This link is incomplete." } as const);

  return (
    <main className="webhook-decide">
      <h1>Inquiry Hub</h1>
      {!result.ok ? (
        <p role="alert" className="error" data-testid="webhook-decision-error">
          {result.message} ({result.status})
        </p>
      ) : (
        <>
          <p className="hint">Your agent asked:</p>
          <blockquote data-testid="webhook-question">{result.preview.inquiry.question}</blockquote>
          {result.preview.inquiry.status === "pending" && typeof token === "string" ? (
            <ConfirmDecision token={token} label={decisionLabel(result.preview.decision)} />
          ) : (
            <p role="alert" className="error" data-testid="webhook-decision-error">
              This question was already resolved ({result.preview.inquiry.status}).
            </p>
          )}
        </>
      )}
    </main>
  );
}
