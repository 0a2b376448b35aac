"use client";

import { ShieldCheck, ShieldAlert, OctagonAlert } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import type { RiskAssessment, RiskLevel } from "@inquiry-hub/protocol";
import { useT } from "@/features/i18n";
import type { MessageKey } from "@/lib/i18n/translate";
import { Badge } from "@/lib/ui/badge";
import type { BadgeProps } from "@/lib/ui/badge";

/** Each level's word, tone and icon: the word and the icon carry it without the colour. */
const LEVELS: Record<
  RiskLevel,
  { label: MessageKey; tone: NonNullable<BadgeProps["tone"]>; icon: LucideIcon }
> = {
  low: { label: "risk.low", tone: "success", icon: ShieldCheck },
  medium: { label: "risk.medium", tone: "attention", icon: ShieldAlert },
  high: { label: "risk.high", tone: "danger", icon: OctagonAlert },
};

/** "High risk" as a badge coloured by level, with the level's icon and word. */
export function RiskBadge({ level }: { level: RiskLevel }) {
  const t = useT();
  const { label, tone, icon: Icon } = LEVELS[level];
  return (
    <Badge tone={tone} data-testid="risk-badge" data-level={level}>
      <Icon aria-hidden className="size-3" />
      {t(label)}
    </Badge>
  );
}

/**
 * The hub's risk label as a card leads with it: the badge and its one-line reason, above the
 * tool, so the person reads how much is at stake before what is asked.
 */
export function RiskLabel({ risk }: { risk: RiskAssessment }) {
  return (
    <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1" data-testid="risk-label">
      <RiskBadge level={risk.level} />
      <span className="min-w-0 text-sm" data-testid="risk-reason" dir="auto">
        {risk.reason}
      </span>
    </p>
  );
}
