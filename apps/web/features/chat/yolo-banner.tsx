"use client";

import { useI18n } from "@/features/i18n";
import { formatYoloTime, useYoloSetting } from "@/features/settings";
import { cn } from "@/lib/ui/cn";

/**
 * Says, inside the chat, that YOLO is in force and until when, so nobody chats believing
 * they will be asked. Live from the settings query (the socket keeps it current) and gone
 * the moment YOLO is off or its period ends. The live region stays mounted so screen
 * readers announce the banner appearing. A chat opened with "always ask" says that instead.
 */
export function YoloBanner({ alwaysAsk }: { alwaysAsk: boolean }) {
  const { t, locale } = useI18n();
  const { active, until } = useYoloSetting();
  let text: string | undefined;
  if (active && alwaysAsk) text = t("yolo.bannerAlwaysAsk");
  else if (active && until !== undefined)
    text = t("yolo.bannerUntil", { time: formatYoloTime(until, locale) });
  else if (active) text = t("yolo.bannerUntilOff");

  return (
    <div role="status" className="sticky top-26 z-10 sm:top-14">
      {text !== undefined && (
        <p
          className={cn(
            "mt-3 rounded-lg border-2 px-3 py-2 text-sm font-semibold break-words",
            alwaysAsk
              ? "border-attention-border bg-attention text-attention-foreground"
              : "border-destructive bg-destructive-muted text-destructive-muted-foreground",
          )}
          data-testid="yolo-banner"
        >
          {text}
        </p>
      )}
    </div>
  );
}
