import type {
  AnswerBody,
  Inquiry,
  LinkDecision,
  WebhookDecisionPreview,
} from "@inquiry-hub/protocol";
import type { OneTimeSecretStore } from "../../kernel/ports";
import { HubError } from "../../kernel/errors";
import type { InquiryService } from "../inquiries/inquiry-service";
import { hashSecret } from "../../kernel/secrets";
import { WEBHOOK_DEVICE_ID } from "./ports";
import type { LinkNonce } from "./ports";
import { verifyLinkToken } from "./webhook-token";
import type { LinkClaims } from "./webhook-token";

/**
 * Decisions made by opening a signed channel link and confirming it, logged in: the channel
 * (Slack, Discord, a webhook) identifies nobody, so the link alone never decides.
 */
export interface WebhookDecisions {
  /**
   * What confirming would do; changes nothing (the link's page shows this). `personId` is the
   * logged-in person opening the link: a link is only ever read or used by the person it was
   * minted for, so anyone or any bot reading the channel learns and decides nothing.
   */
  preview(token: string, personId: string): Promise<WebhookDecisionPreview>;
  /**
   * Applies the decision through `InquiryService.answer`, as the pseudo-device "webhook".
   * BAD_REQUEST for a tampered, malformed or expired link, NOT_FOUND when the inquiry is
   * gone or the link belongs to another person, FORBIDDEN for an approval that needs a fresh
   * look (its nonce stays unspent), CONFLICT when the link was used or the inquiry already
   * resolved.
   */
  decide(token: string, personId: string): Promise<Inquiry>;
}

function answerBody(decision: LinkDecision): AnswerBody {
  switch (decision.action) {
    case "approve":
      return { action: "approve" };
    case "reject":
      return { action: "reject", reason: "Rejected from a webhook link." };
    case "answer":
      return { action: "answer", response: decision.response };
  }
}

/**
 * Checks links in the order that leaks least: signature (constant time) and expiry first,
 * then ownership, and only then spends the nonce, so an invalid link cannot burn a valid
 * one's nonce and a stranger's token never reveals whether an inquiry exists.
 */
export function createWebhookDecisions(deps: {
  secret: string;
  nonces: OneTimeSecretStore<LinkNonce>;
  inquiries: InquiryService;
  now?: () => Date;
}): WebhookDecisions {
  const now = deps.now ?? (() => new Date());

  async function verified(
    token: string,
    personId: string,
  ): Promise<{ claims: LinkClaims; inquiry: Inquiry }> {
    const checked = verifyLinkToken(token, deps.secret, now());
    if (!checked.ok) {
      const message =
        checked.problem === "expired"
          ? "This link has expired. Open the app to answer."
          : "This link is not valid (it may have been altered).";
      throw new HubError("BAD_REQUEST", message, { details: { reason: checked.problem } });
    }
    // The same answer as for an unknown inquiry: another person's link reveals nothing.
    if (checked.claims.userId !== personId)
      throw new HubError("NOT_FOUND", "This link is not for the account you are logged in with.");
    const inquiry = await deps.inquiries.get(checked.claims.userId, checked.claims.inquiryId);
    // No link ever decides a high-risk call, whatever it says: the card is where it is decided.
    if (inquiry.approval?.freshLook === true)
      throw new HubError(
        "FORBIDDEN",
        "This approval needs a fresh look: open it in the app to decide.",
        { details: { reason: "fresh-look" } },
      );
    return { claims: checked.claims, inquiry };
  }

  return {
    async preview(token, personId) {
      const { claims, inquiry } = await verified(token, personId);
      return {
        inquiry: {
          id: inquiry.id,
          type: inquiry.type,
          question: inquiry.question,
          status: inquiry.status,
        },
        decision: claims.decision,
        expiresAt: claims.expiresAt.toISOString(),
      };
    },

    async decide(token, personId) {
      const { claims } = await verified(token, personId);
      const nonce = await deps.nonces.take(hashSecret(claims.nonce), now());
      if (nonce?.inquiryId !== claims.inquiryId || nonce.userId !== claims.userId)
        throw new HubError("CONFLICT", "This link has already been used.", {
          details: { reason: "used" },
        });
      return deps.inquiries.answer(
        claims.userId,
        claims.inquiryId,
        answerBody(claims.decision),
        WEBHOOK_DEVICE_ID,
      );
    },
  };
}
