"use client";

import { useId, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UpdateSettingsBody } from "@inquiry-hub/protocol";
import { describeApiError } from "@/lib/client/describe-api-error";
import { queryKeys } from "@/lib/client/query-keys";
import { useI18n } from "@/features/i18n";
import { updateSettings } from "./settings-client";
import { formatYoloTime, useYoloSetting } from "./use-yolo-setting";
import "./yolo-toggle.css";

const ONE_HOUR_SECONDS = 60 * 60;

/**
 * The YOLO switch in the header of every signed-in page: while on, the agent decides every
 * question itself and proxied calls are approved, with no card shown. "for 1 hour" makes it
 * switch itself off. Every device shows the same state: the socket's `settings:changed`
 * writes into the same query, and a timed period reads as off the moment it ends.
 */
export function YoloToggle() {
  const queryClient = useQueryClient();
  const { t, locale } = useI18n();
  const switchId = useId();
  const hourId = useId();
  const [forOneHour, setForOneHour] = useState(false);
  const { setting, active, until } = useYoloSetting();
  const { mutate, isPending, error } = useMutation({
    mutationFn: (body: UpdateSettingsBody) => updateSettings(body),
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.settings, settings),
  });

  return (
    <span className="yolo-toggle" data-testid="yolo-toggle">
      <input
        id={switchId}
        type="checkbox"
        role="switch"
        checked={active}
        aria-checked={active}
        disabled={setting === undefined || isPending}
        onChange={(event) =>
          mutate({
            yolo: event.target.checked
              ? { enabled: true, ...(forOneHour ? { forSeconds: ONE_HOUR_SECONDS } : {}) }
              : { enabled: false },
          })
        }
      />
      <label htmlFor={switchId}>{t("yolo.label")}</label>
      {active ? (
        <span className="hint">
          {until === undefined
            ? t("yolo.untilOff")
            : t("yolo.until", { time: formatYoloTime(until, locale) })}
        </span>
      ) : (
        <label className="yolo-toggle__hour" htmlFor={hourId}>
          <input
            id={hourId}
            type="checkbox"
            checked={forOneHour}
            onChange={(event) => setForOneHour(event.target.checked)}
          />
          {t("yolo.forHour")}
        </label>
      )}
      {error !== null && (
        <span role="alert" className="error">
          {describeApiError(error, t, "yolo.notSaved", { failed: "yolo.saveFailed" })}
        </span>
      )}
    </span>
  );
}
