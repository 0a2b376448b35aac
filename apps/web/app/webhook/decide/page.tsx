import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ConfirmDecision, decisionLabel, previewDecision } from "@/features/webhook";
import type { PreviewResult } from "@/features/webhook";
import { serverTranslator } from "@/lib/server/server-locale";
import { readToken } from "@/lib/server/session";
import type { Translate } from "@/lib/i18n/translate";
import { Card } from "@/lib/ui/card";
import { FieldError } from "@/lib/ui/input";

export const dynamic = "force-dynamic";

/** The token is in the URL: never leak it to other sites through Referer. */
export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslator())("title.confirm"), referrer: "no-referrer" };
}

/** Why a link cannot be used, with its HTTP status: "This link cannot be used. (410)". */
function describePreviewFailure(
  failure: Exclude<PreviewResult, { ok: true }> | { ok: false; reason: "incomplete" },
  t: Translate,
): string {
  switch (failure.reason) {
    case "incomplete":
      return `${t("webhook.incomplete")} (400)`;
    case "unreachable":
      return `${t("webhook.hubUnreachable")} (502)`;
    case "refused":
      return `${failure.serverMessage ?? t("webhook.unusable")} (${failure.status})`;
  }
}

/**
 * Where a webhook message's decision links lead. Opening it changes nothing (link previews
 * and mail scanners fetch it too); it shows the question and a confirm button that POSTs.
 * Only for the person the link was minted for, logged in: without a session the page sends
 * them to the login page, which brings them back here.
 */
export default async function WebhookDecidePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const token = (await searchParams).t;
  const session = await readToken();
  if (session === undefined && typeof token === "string" && token !== "")
    redirect(`/login?next=${encodeURIComponent(`/webhook/decide?t=${token}`)}`);
  const t = await serverTranslator();
  const result =
    typeof token === "string" && token !== "" && session !== undefined
      ? await previewDecision(token, session)
      : ({ ok: false, reason: "incomplete" } as const);

  return (
    <main className="mx-auto grid w-full max-w-xl gap-4 px-4 py-8">
      <h1 className="m-0 text-2xl font-semibold">Inquiry Hub</h1>
      {!result.ok ? (
        <FieldError data-testid="webhook-decision-error">
          {describePreviewFailure(result, t)}
        </FieldError>
      ) : (
        <Card className="grid gap-4 p-5">
          <p className="text-sm text-muted-foreground">{t("webhook.asked")}</p>
          <blockquote
            data-testid="webhook-question"
            dir="auto"
            className="m-0 rounded-lg border-l-4 border-attention-border bg-attention px-4 py-3 whitespace-pre-wrap [overflow-wrap:anywhere] text-attention-foreground"
          >
            {result.preview.inquiry.question}
          </blockquote>
          {result.preview.inquiry.status === "pending" && typeof token === "string" ? (
            <ConfirmDecision token={token} label={decisionLabel(result.preview.decision, t)} />
          ) : (
            <FieldError data-testid="webhook-decision-error">
              {t("webhook.alreadyResolved", { status: result.preview.inquiry.status })}
            </FieldError>
          )}
        </Card>
      )}
    </main>
  );
}
