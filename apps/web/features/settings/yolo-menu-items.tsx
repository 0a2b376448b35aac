"use client";

import { useId } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UpdateSettingsBody } from "@inquiry-hub/protocol";
import { describeApiError } from "@/lib/client/describe-api-error";
import { queryKeys } from "@/lib/client/query-keys";
import { DropdownMenuCheckboxItem, DropdownMenuItem } from "@/lib/ui/dropdown-menu";
import { useI18n } from "@/features/i18n";
import { updateSettings } from "./settings-client";
import { formatYoloTime, useYoloSetting } from "./use-yolo-setting";

const ONE_HOUR_SECONDS = 60 * 60;

/** Keeps the menu open on a click: the item flips once the hub saved it, and shows that. */
function stayOpen(event: Event) {
  event.preventDefault();
}

/**
 * YOLO in the user menu: a checkbox item (on until switched off, or off) that says in one line
 * what YOLO does, and "YOLO for 1 hour" while it is off. While on, the agent decides every
 * question itself and proxied calls are approved, with no card shown. Every device shows the
 * same state: the socket's `settings:changed` writes into the same query, and a timed period
 * reads as off the moment it ends.
 */
export function YoloMenuItems() {
  const queryClient = useQueryClient();
  const { t, locale } = useI18n();
  const explanationId = useId();
  const { setting, active, until } = useYoloSetting();
  const { mutate, isPending, error } = useMutation({
    mutationFn: (body: UpdateSettingsBody) => updateSettings(body),
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.settings, settings),
  });
  const disabled = setting === undefined || isPending;

  return (
    <>
      <DropdownMenuCheckboxItem
        data-testid="yolo-toggle"
        checked={active}
        disabled={disabled}
        aria-label={t("yolo.label")}
        aria-describedby={explanationId}
        onSelect={(event) => {
          stayOpen(event);
          mutate({ yolo: active ? { enabled: false } : { enabled: true } });
        }}
        className="max-w-80 items-start"
      >
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className="font-medium">
            {t("yolo.label")}
            {active && (
              <span className="font-normal text-muted-foreground">
                {" · "}
                {until === undefined
                  ? t("yolo.untilOff")
                  : t("yolo.until", { time: formatYoloTime(until, locale) })}
              </span>
            )}
          </span>
          <span id={explanationId} className="text-xs text-muted-foreground">
            {t("yolo.explain")}
          </span>
        </span>
      </DropdownMenuCheckboxItem>
      {!active && (
        <DropdownMenuItem
          disabled={disabled}
          className="pl-7"
          onSelect={(event) => {
            stayOpen(event);
            mutate({ yolo: { enabled: true, forSeconds: ONE_HOUR_SECONDS } });
          }}
        >
          {t("yolo.forHourItem")}
        </DropdownMenuItem>
      )}
      {error !== null && (
        <p role="alert" className="px-2 py-1 text-sm text-destructive-muted-foreground">
          {describeApiError(error, t, "yolo.notSaved", { failed: "yolo.saveFailed" })}
        </p>
      )}
    </>
  );
}
