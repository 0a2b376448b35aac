import { ApiErrorBodySchema, WebhookDecisionPreviewSchema } from "@inquiry-hub/protocol";
import type { LinkDecision, WebhookDecisionPreview } from "@inquiry-hub/protocol";
import { joinUrl, readEnv } from "@/lib/env";
import type { Translate } from "@/lib/i18n/translate";
import { fetchUpstream } from "@/lib/upstream";

/** The preview of a link, or why it cannot be used (message fit to show, HTTP status). */
export type PreviewResult =
  { ok: true; preview: WebhookDecisionPreview } | { ok: false; status: number; message: string };

/**
 * Asks the hub what a link would do, without doing it (server side only). The hub checks
 * the signature and expiry; whether the link was already used shows only on confirmation.
 */
export async function previewDecision(token: string, t: Translate): Promise<PreviewResult> {
  const upstream = await fetchUpstream(
    joinUrl(readEnv().HUB_URL, "/api/webhook-decisions/preview"),
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token }),
    },
  );
  if (upstream === undefined)
    return { ok: false, status: 502, message: t("webhook.hubUnreachable") };
  const body = (await upstream.json().catch(() => undefined)) as unknown;
  if (upstream.ok) return { ok: true, preview: WebhookDecisionPreviewSchema.parse(body) };
  const error = ApiErrorBodySchema.safeParse(body);
  return {
    ok: false,
    status: upstream.status,
    message: error.success ? error.data.error.message : t("webhook.unusable"),
  };
}

/** "Approve", "Reject", "Answer “Paris”": what the confirm button says. */
export function decisionLabel(decision: LinkDecision, t: Translate): string {
  switch (decision.action) {
    case "approve":
      return t("webhook.approve");
    case "reject":
      return t("webhook.reject");
    case "answer":
      return t("webhook.answer", { response: decision.response });
  }
}
