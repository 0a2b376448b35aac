"use client";

import type { Inquiry } from "@inquiry-hub/protocol";
import { useT } from "@/features/i18n";
import { Badge } from "@/lib/ui/badge";
import type { MessageKey } from "@/lib/i18n/translate";
import { summarizeArguments } from "./argument-summary";
import { ownDecisionReason } from "./batch-coverage";
import type { OwnDecisionReason } from "./batch-coverage";
import { RiskBadge } from "./risk-label";

const OWN_KEYS: Record<OwnDecisionReason, MessageKey> = {
  team: "batch.ownTeam",
  "fresh-look": "batch.ownFreshLook",
  "not-allowed": "batch.ownNotAllowed",
};

/**
 * The group's list of calls, one line each: risk, tool, arguments in one line, and "decide on
 * its own" (with why) for a call Approve all does not cover.
 */
export function BatchItems({ inquiries }: { inquiries: readonly Inquiry[] }) {
  const t = useT();
  return (
    <ul className="grid gap-1.5" data-testid="batch-items">
      {inquiries.map((inquiry) => {
        const approval = inquiry.approval;
        const own = ownDecisionReason(inquiry, "approve");
        return (
          <li
            key={inquiry.id}
            className="grid min-w-0 gap-0.5 rounded-lg bg-muted/60 px-2.5 py-1.5"
            data-testid="batch-item"
            data-own={own ?? ""}
          >
            <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
              {approval?.risk !== undefined && <RiskBadge level={approval.risk.level} />}
              <code className="font-mono text-sm font-semibold">{approval?.tool}</code>
              {own !== undefined && (
                <Badge tone="neutral" data-testid="batch-item-own">
                  {t(OWN_KEYS[own])}
                </Badge>
              )}
            </p>
            <p className="truncate font-mono text-xs text-muted-foreground">
              {summarizeArguments(approval?.arguments ?? {})}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
