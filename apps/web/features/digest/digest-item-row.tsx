"use client";

import Link from "next/link";
import type { DigestItem } from "@inquiry-hub/protocol";
import { useI18n } from "@/features/i18n";
import type { MessageKey, Translate } from "@/lib/i18n/translate";
import { Badge } from "@/lib/ui/badge";

const DECISIONS: Record<DigestItem["decision"], MessageKey> = {
  pending: "history.outcome.pending",
  approved: "history.outcome.approved",
  edited: "history.outcome.edited",
  rejected: "history.outcome.rejected",
  answered: "history.outcome.answered",
  delegated: "history.outcome.delegated",
  timeout: "history.outcome.timeout",
  cancelled: "history.outcome.cancelled",
};

const TONES = {
  pending: "attention",
  approved: "success",
  edited: "info",
  rejected: "danger",
  answered: "success",
  delegated: "neutral",
  timeout: "attention",
  cancelled: "neutral",
} as const satisfies Record<DigestItem["decision"], string>;

/** Who decided, in words: the person on a device, a rule by name, YOLO, or nobody. */
function decider(item: DigestItem, t: Translate): string | undefined {
  switch (item.decidedBy) {
    case "person":
      return item.byDeviceName === null
        ? t("digest.byYou")
        : t("digest.byYouOn", { device: item.byDeviceName });
    case "rule":
      return t("history.byRuleNamed", { name: item.byRuleName ?? "" });
    case "yolo":
      return t("history.byYolo");
    case "nobody":
      return item.decision === "cancelled" ? t("history.withdrawn") : t("history.nobodyInTime");
    case null:
      return undefined;
  }
}

/** One inquiry of the day: what, how it ended, who decided, when; opens its history page. */
export function DigestItemRow({ item }: { item: DigestItem }) {
  const { t, locale } = useI18n();
  const who = decider(item, t);
  const time = new Intl.DateTimeFormat(locale, { timeStyle: "short" }).format(
    new Date(item.createdAt),
  );
  return (
    <li data-testid="digest-item" data-inquiry-id={item.id}>
      <Link
        href={`/history/${item.id}`}
        className="grid min-w-0 gap-1 rounded-xl border bg-card p-3 text-card-foreground shadow-xs transition-colors hover:border-primary"
      >
        <div className="flex items-start justify-between gap-3">
          <p
            className={
              item.type === "APPROVAL"
                ? "truncate font-mono text-[0.95rem] font-semibold"
                : "line-clamp-2 min-w-0 font-medium break-words"
            }
          >
            {item.what}
          </p>
          <time dateTime={item.createdAt} className="shrink-0 pt-0.5 text-xs text-muted-foreground">
            {time}
          </time>
        </div>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          <Badge tone={TONES[item.decision]}>{t(DECISIONS[item.decision])}</Badge>
          {who !== undefined && <span>{who}</span>}
          {item.askedByName !== null && (
            <span>{t("digest.askedBy", { name: item.askedByName })}</span>
          )}
        </div>
      </Link>
    </li>
  );
}
