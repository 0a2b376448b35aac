"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AgentKey } from "@inquiry-hub/protocol";
import { describeApiError } from "@/lib/client/describe-api-error";
import { queryKeys } from "@/lib/client/query-keys";
import { useI18n } from "@/features/i18n";
import { revokeAgentKey } from "./agent-keys-client";
import { agentKeyStatus, formatKeyTime } from "./agent-key-status";
import type { AgentKeyStatus } from "./agent-key-status";

const BADGE_CLASS: Record<AgentKeyStatus, string> = {
  active: "badge badge--online",
  expired: "badge badge--offline",
  revoked: "badge badge--revoked",
};

/** One agent key: its name, state and times, and Revoke (after a confirm) while it works. */
export function AgentKeyRow({ agentKey, now }: { agentKey: AgentKey; now: number }) {
  const { t, locale } = useI18n();
  const queryClient = useQueryClient();
  const { mutate, isPending, error } = useMutation({
    mutationFn: () => revokeAgentKey(agentKey.id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.agentKeys }),
  });
  const status = agentKeyStatus(agentKey, now);
  const time = (iso: string) => formatKeyTime(iso, locale);

  return (
    <li className="device-row" data-testid="agent-key-row" data-agent-key-id={agentKey.id}>
      <div className="device-row__main">
        <span className="device-row__name">{agentKey.name}</span>
        <span className={BADGE_CLASS[status]} data-testid="agent-key-status">
          {t(`agentKeys.${status}`)}
        </span>
      </div>
      <div className="device-row__meta">
        <span>{t("agentKeys.created", { time: time(agentKey.createdAt) })}</span>
        <span>
          {t(status === "expired" ? "agentKeys.expiredAt" : "agentKeys.expires", {
            time: time(agentKey.expiresAt),
          })}
        </span>
        <span>
          {agentKey.lastUsedAt === undefined
            ? t("agentKeys.neverUsed")
            : t("agentKeys.lastUsed", { time: time(agentKey.lastUsedAt) })}
        </span>
        {agentKey.revokedAt !== undefined && (
          <span>{t("agentKeys.revokedAt", { time: time(agentKey.revokedAt) })}</span>
        )}
      </div>
      {status === "active" && (
        <button
          type="button"
          className="button--secondary device-row__revoke"
          disabled={isPending}
          onClick={() => {
            if (window.confirm(t("agentKeys.confirmRevoke", { name: agentKey.name }))) mutate();
          }}
        >
          {t("agentKeys.revoke", { name: agentKey.name })}
        </button>
      )}
      {error !== null && (
        <p role="alert" className="error" data-testid="error-message">
          {describeApiError(error, t, "agentKeys.revokeFailed")}
        </p>
      )}
    </li>
  );
}
