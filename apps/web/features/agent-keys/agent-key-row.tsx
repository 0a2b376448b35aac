"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AgentKey } from "@inquiry-hub/protocol";
import { KeyRound } from "lucide-react";
import { describeApiError } from "@/lib/client/describe-api-error";
import { queryKeys } from "@/lib/client/query-keys";
import { Badge } from "@/lib/ui/badge";
import type { BadgeProps } from "@/lib/ui/badge";
import { Card } from "@/lib/ui/card";
import { FieldError } from "@/lib/ui/input";
import { useI18n } from "@/features/i18n";
import { revokeAgentKey } from "./agent-keys-client";
import { agentKeyStatus, formatKeyTime } from "./agent-key-status";
import type { AgentKeyStatus } from "./agent-key-status";
import { RevokeKeyMenu } from "./revoke-key-menu";

const STATUS_TONE: Record<AgentKeyStatus, BadgeProps["tone"]> = {
  active: "success",
  expired: "neutral",
  revoked: "danger",
};

/** One agent key as a card: its name, state and times, and a ⋯ menu to revoke it while it works. */
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
    <li data-testid="agent-key-row" data-agent-key-id={agentKey.id}>
      <Card className="grid gap-3 p-4">
        <div className="flex items-start gap-3">
          <KeyRound className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
          <div className="grid min-w-0 flex-1 gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium [overflow-wrap:anywhere]">{agentKey.name}</span>
              <Badge tone={STATUS_TONE[status]} data-testid="agent-key-status">
                {t(`agentKeys.${status}`)}
              </Badge>
            </div>
            <div className="flex flex-wrap gap-x-4 gap-y-0.5 text-sm text-muted-foreground">
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
          </div>
          {status === "active" && (
            <RevokeKeyMenu name={agentKey.name} pending={isPending} onRevoke={() => mutate()} />
          )}
        </div>
        {error !== null && (
          <FieldError data-testid="error-message">
            {describeApiError(error, t, "agentKeys.revokeFailed")}
          </FieldError>
        )}
      </Card>
    </li>
  );
}
