"use client";

import { useEffect, useId, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UpdateSettingsBody } from "@inquiry-hub/protocol";
import { useI18n } from "../i18n/i18n-provider";
import { SETTINGS_QUERY_KEY, fetchSettings, updateSettings } from "./settings-client";

const ONE_HOUR_SECONDS = 60 * 60;

function timeOf(iso: string, locale: string): string {
  return new Date(iso).toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" });
}

/**
 * The YOLO switch in the header of every signed-in page: while on, the agent decides every
 * question itself and proxied calls are approved, with no card shown. "for 1 hour" makes it
 * switch itself off. Every device shows the same state: the socket's `settings:changed`
 * writes into the same query, and the hub reports an expired period as off.
 */
export function YoloToggle() {
  const queryClient = useQueryClient();
  const { t, locale } = useI18n();
  const switchId = useId();
  const hourId = useId();
  const [forOneHour, setForOneHour] = useState(false);
  const { data } = useQuery({ queryKey: SETTINGS_QUERY_KEY, queryFn: fetchSettings });
  const { mutate, isPending, error } = useMutation({
    mutationFn: (body: UpdateSettingsBody) => updateSettings(body, t),
    onSuccess: (settings) => queryClient.setQueryData(SETTINGS_QUERY_KEY, settings),
  });
  const yolo = data?.yolo;
  const until = yolo?.enabled === true ? yolo.until : undefined;

  useEffect(() => {
    if (until === undefined) return;
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY }),
      Math.max(0, Date.parse(until) - Date.now()) + 500,
    );
    return () => clearTimeout(timer);
  }, [queryClient, until]);

  return (
    <span className="yolo-toggle" data-testid="yolo-toggle">
      <input
        id={switchId}
        type="checkbox"
        role="switch"
        checked={yolo?.enabled === true}
        aria-checked={yolo?.enabled === true}
        disabled={yolo === undefined || isPending}
        onChange={(event) =>
          mutate({
            yolo: event.target.checked
              ? { enabled: true, ...(forOneHour ? { forSeconds: ONE_HOUR_SECONDS } : {}) }
              : { enabled: false },
          })
        }
      />
      <label htmlFor={switchId}>{t("yolo.label")}</label>
      {yolo?.enabled === true ? (
        <span className="hint">
          {until === undefined
            ? t("yolo.untilOff")
            : t("yolo.until", { time: timeOf(until, locale) })}
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
          {error.message}
        </span>
      )}
    </span>
  );
}
