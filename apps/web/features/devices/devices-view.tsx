"use client";

import { useEffect } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Device } from "@inquiry-hub/protocol";
import { describeApiError } from "@/lib/client/describe-api-error";
import { queryKeys } from "@/lib/client/query-keys";
import { fetchDevices, revokeDevice } from "./devices-client";
import { formatLastSeen } from "./format-last-seen";
import { useHubConnection } from "@/features/live";
import { PushPanel } from "@/features/push";
import { useT } from "@/features/i18n";
import { PairingPanel } from "./pairing-panel";
import { useLeaveToLoginOnUnauthorized } from "@/features/auth";
import { useNow } from "@/features/inquiry";

/** Presence is polled this often (and refetched whenever this tab's socket reconnects). */
const PRESENCE_REFRESH_MS = 3_000;

function DeviceRow({ device, now }: { device: Device; now: number }) {
  const queryClient = useQueryClient();
  const t = useT();
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
  const confirmation = t(device.current ? "devices.confirmRevokeThis" : "devices.confirmRevoke", {
    name: device.name,
  });

  return (
    <li className="device-row" data-testid="device-row" data-device-id={device.id}>
      <div className="device-row__main">
        <span className="device-row__name">{device.name}</span>
        {device.current && <span className="badge badge--current">{t("devices.thisDevice")}</span>}
        <span
          className={device.online ? "badge badge--online" : "badge badge--offline"}
          data-testid="device-presence"
        >
          {t(device.online ? "devices.online" : "devices.offline")}
        </span>
      </div>
      <div className="device-row__meta">
        <span data-testid="device-kind">
          {t(device.kind === "phone" ? "devices.phone" : "devices.desktop")}
        </span>
        <span>{t("devices.lastSeen", { when: formatLastSeen(device.lastSeenAt, now, t) })}</span>
      </div>
      <button
        type="button"
        className="button--secondary device-row__revoke"
        disabled={isPending}
        onClick={() => {
          if (window.confirm(confirmation)) mutate();
        }}
      >
        {t("devices.revoke")}
      </button>
      {error !== null && (
        <p role="alert" className="error" data-testid="error-message">
          {describeApiError(error, t, "devices.revokeFailed")}
        </p>
      )}
    </li>
  );
}

/**
 * Every device of this user, live presence, revoke, and pairing a phone; `publicOrigin` is
 * PUBLIC_URL's origin (the server knows it, the browser does not), for the pairing link.
 */
export function DevicesView({ publicOrigin }: { publicOrigin: string | undefined }) {
  const queryClient = useQueryClient();
  const t = useT();
  const { connectCount } = useHubConnection();
  const now = useNow(15_000);
  const { data, isPending, error } = useQuery({
    queryKey: queryKeys.devices,
    queryFn: () => fetchDevices(),
    refetchInterval: PRESENCE_REFRESH_MS,
  });

  useEffect(() => {
    if (connectCount > 0) void queryClient.invalidateQueries({ queryKey: queryKeys.devices });
  }, [connectCount, queryClient]);

  useLeaveToLoginOnUnauthorized(error);

  return (
    <main className="devices">
      <h1>{t("nav.devices")}</h1>
      <p className="hint">{t("devices.hint")}</p>
      {isPending && <p className="hint">{t("common.loading")}</p>}
      {error !== null && data === undefined && (
        <p role="alert" className="error" data-testid="error-message">
          {describeApiError(error, t, "devices.loadFailed")}
        </p>
      )}
      {data !== undefined && (
        <ul className="device-list">
          {data.map((device) => (
            <DeviceRow key={device.id} device={device} now={now} />
          ))}
        </ul>
      )}
      <PairingPanel publicOrigin={publicOrigin} />
      <PushPanel />
    </main>
  );
}
