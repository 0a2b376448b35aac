"use client";

import { Layers, ListChecks, Zap } from "lucide-react";
import type { HistoryItem } from "@inquiry-hub/protocol";
import { RiskBadge } from "@/features/approval";
import { useT } from "@/features/i18n";
import { Badge } from "@/lib/ui/badge";
import { DECISION_TONES, decisionLabel } from "./describe-history";

/**
 * How an inquiry ended as a coloured word, led by the call's risk label, with a mark for how
 * it was decided when not one by one: by YOLO, by one of the person's rules, with its batch.
 */
export function DecisionBadges({
  item,
  withRisk = true,
}: {
  item: HistoryItem;
  withRisk?: boolean;
}) {
  const t = useT();
  const risk = withRisk ? item.approval?.risk : undefined;
  return (
    <>
      {risk !== undefined && <RiskBadge level={risk.level} />}
      <Badge tone={DECISION_TONES[item.decision]} data-testid="history-decision">
        {decisionLabel(item, t)}
      </Badge>
      {item.decidedBy === "yolo" && (
        <Badge tone="attention" data-testid="history-yolo" title={t("history.yoloExplain")}>
          <Zap aria-hidden className="size-3" />
          {t("history.yolo")}
        </Badge>
      )}
      {item.decidedBy === "rule" && item.byRule !== undefined && (
        <Badge tone="info" data-testid="history-by-rule">
          <ListChecks aria-hidden className="size-3" />
          {t("history.byRule", { name: item.byRule.name })}
        </Badge>
      )}
      {item.batchId !== undefined && (
        <Badge tone="neutral" data-testid="history-batch">
          <Layers aria-hidden className="size-3" />
          {t("history.withBatch")}
        </Badge>
      )}
    </>
  );
}
