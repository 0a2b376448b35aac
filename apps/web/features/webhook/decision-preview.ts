import "server-only";
import { ApiErrorBodySchema, WebhookDecisionPreviewSchema } from "@inquiry-hub/protocol";
import type { LinkDecision, WebhookDecisionPreview } from "@inquiry-hub/protocol";
import { fetchHub } from "@/lib/server/hub-fetch";
import type { Translate } from "@/lib/i18n/translate";

/**
 * The preview of a link, or why it cannot be used: the hub was unreachable, or it refused
 * with an HTTP status and, when it sent the wire error shape, its own message.
 */
export type PreviewResult =
  | { ok: true; preview: WebhookDecisionPreview }
  | { ok: false; reason: "unreachable" }
  | { ok: false; reason: "refused"; status: number; serverMessage: string | undefined };

/**
 * Asks the hub what a link would do for the logged-in person, without doing it (server side
 * only; `session` is their hub token). The hub checks the signature, expiry and that the link
 * is this person's; whether the link was already used shows only on confirmation.
 */
export async function previewDecision(token: string, session: string): Promise<PreviewResult> {
  const upstream = await fetchHub("/api/webhook-decisions/preview", {
    method: "POST",
    body: { token },
    token: session,
  });
  if (upstream === undefined) return { ok: false, reason: "unreachable" };
  const body = (await upstream.json().catch(() => undefined)) as unknown;
  if (upstream.ok) return { ok: true, preview: WebhookDecisionPreviewSchema.parse(body) };
  const error = ApiErrorBodySchema.safeParse(body);
  return {
    ok: false,
    reason: "refused",
    status: upstream.status,
    serverMessage: error.success ? error.data.error.message : undefined,
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
