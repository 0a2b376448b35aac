"use client";

import { Zap } from "lucide-react";
import type { HistoryItem } from "@inquiry-hub/protocol";
import { useT } from "@/features/i18n";
import { Badge } from "@/lib/ui/badge";
import { DECISION_TONES, decisionLabel } from "./describe-history";

/** How an inquiry ended as a coloured word, and a YOLO mark when YOLO decided it. */
export function DecisionBadges({ item }: { item: HistoryItem }) {
  const t = useT();
  return (
    <>
      <Badge tone={DECISION_TONES[item.decision]} data-testid="history-decision">
        {decisionLabel(item, t)}
      </Badge>
      {item.decidedBy === "yolo" && (
        <Badge tone="attention" data-testid="history-yolo" title={t("history.yoloExplain")}>
          <Zap aria-hidden className="size-3" />
          {t("history.yolo")}
        </Badge>
      )}
    </>
  );
}
