"use client";

import { useEffect } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { describeApiError } from "@/lib/client/describe-api-error";
import { queryKeys } from "@/lib/client/query-keys";
import { FieldError } from "@/lib/ui/input";
import { fetchDevices } from "./devices-client";
import { DeviceRow } from "./device-row";
import { useHubConnection } from "@/features/live";
import { PushPanel } from "@/features/push";
import { useT } from "@/features/i18n";
import { PairingPanel } from "./pairing-panel";
import { useLeaveToLoginOnUnauthorized } from "@/features/auth";
import { useNow } from "@/features/inquiry";

/**
 * Presence and names are polled this often (and refetched whenever this tab's socket
 * reconnects): a rename or a new device made elsewhere shows here within this time.
 */
const PRESENCE_REFRESH_MS = 3_000;

/**
 * Every device of this user, live presence, rename and revoke, and pairing a phone;
 * `publicOrigin` is PUBLIC_URL's origin (the server knows it, the browser does not), for the
 * pairing link.
 */
export function DevicesView({ publicOrigin }: { publicOrigin: string | undefined }) {
  const queryClient = useQueryClient();
  const t = useT();
  const { connectCount, connected } = useHubConnection();
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
    <main className="mx-auto grid w-full max-w-3xl min-w-0 content-start gap-5 px-3 py-5 sm:px-4 sm:py-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t("nav.devices")}</h1>
        <p className="text-sm text-muted-foreground">{t("devices.hint")}</p>
      </div>
      <section className="grid gap-3" aria-label={t("devices.listLabel")}>
        {isPending && <p className="text-sm text-muted-foreground">{t("common.loading")}</p>}
        {error !== null && data === undefined && (
          <FieldError data-testid="error-message">
            {describeApiError(error, t, "devices.loadFailed")}
          </FieldError>
        )}
        {data !== undefined && (
          <ul className="grid gap-2">
            {data.map((device) => (
              <DeviceRow
                key={device.id}
                // This tab knows its own presence first hand: the list fetched before its socket
                // reconnected would call the device in hand offline.
                device={device.current ? { ...device, online: connected } : device}
                now={now}
              />
            ))}
          </ul>
        )}
      </section>
      <PairingPanel publicOrigin={publicOrigin} />
      <PushPanel />
    </main>
  );
}
