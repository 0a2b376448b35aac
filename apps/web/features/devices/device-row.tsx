"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Device } from "@inquiry-hub/protocol";
import { Laptop, Smartphone } from "lucide-react";
import { describeApiError } from "@/lib/client/describe-api-error";
import { queryKeys } from "@/lib/client/query-keys";
import { Badge } from "@/lib/ui/badge";
import { Card } from "@/lib/ui/card";
import { FieldError } from "@/lib/ui/input";
import { useI18n } from "@/features/i18n";
import { DeviceMenu } from "./device-menu";
import { revokeDevice } from "./devices-client";
import { formatLastSeen } from "./format-last-seen";

/**
 * One device as a card: its form factor, name, "This device", online or offline, and when it
 * was last seen, with a ⋯ menu to rename or revoke it.
 */
export function DeviceRow({ device, now }: { device: Device; now: number }) {
  const queryClient = useQueryClient();
  const { t, locale } = useI18n();
  const { mutate, isPending, error } = useMutation({
    mutationFn: () => revokeDevice(device.id),
    onSuccess: ({ revokedCurrent }) => {
      if (revokedCurrent) {
        window.location.replace("/login");
        return;
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.devices });
    },
  });
  const Icon = device.kind === "phone" ? Smartphone : Laptop;

  return (
    <li data-testid="device-row" data-device-id={device.id}>
      <Card className="grid gap-3 p-4">
        <div className="flex items-start gap-3">
          <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
          <div className="grid min-w-0 flex-1 gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <span
                className="device-row__name font-medium [overflow-wrap:anywhere]"
                data-testid="device-name"
              >
                {device.name}
              </span>
              {device.current && <Badge tone="info">{t("devices.thisDevice")}</Badge>}
              <Badge tone={device.online ? "success" : "neutral"} data-testid="device-presence">
                {t(device.online ? "devices.online" : "devices.offline")}
              </Badge>
            </div>
            <div className="flex flex-wrap gap-x-4 gap-y-0.5 text-sm text-muted-foreground">
              <span data-testid="device-kind">
                {t(device.kind === "phone" ? "devices.phone" : "devices.desktop")}
              </span>
              <span>
                {t("devices.lastSeen", {
                  when: formatLastSeen(device.lastSeenAt, now, t, locale),
                })}
              </span>
            </div>
          </div>
          <DeviceMenu device={device} revoking={isPending} onRevoke={() => mutate()} />
        </div>
        {error !== null && (
          <FieldError data-testid="error-message">
            {describeApiError(error, t, "devices.revokeFailed")}
          </FieldError>
        )}
      </Card>
    </li>
  );
}
