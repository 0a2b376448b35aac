"use client";

import { useEffect, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Device } from "@inquiry-hub/protocol";
import { DevicesRequestError, fetchDevices, revokeDevice } from "./devices-client";
import { formatLastSeen } from "./format-last-seen";
import { useHubSocket } from "./hub-socket-provider";
import { PushPanel } from "@/features/push/push-panel";
import { PairingPanel } from "./pairing-panel";
import { leaveToLogin } from "./socket-ticket-client";

const DEVICES_QUERY_KEY = ["devices"] as const;
/** Presence is polled this often (and refetched whenever this tab's socket reconnects). */
const PRESENCE_REFRESH_MS = 3_000;

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function DeviceRow({ device, now }: { device: Device; now: number }) {
  const queryClient = useQueryClient();
  const { mutate, isPending, error } = useMutation({
    mutationFn: () => revokeDevice(device.id),
    onSuccess: ({ revokedCurrent }) => {
      if (revokedCurrent) {
        window.location.replace("/login");
        return;
      }
      void queryClient.invalidateQueries({ queryKey: DEVICES_QUERY_KEY });
    },
  });
  const confirmation = device.current
    ? `Revoke this device (${device.name})? You will be logged out here.`
    : `Revoke ${device.name}? It will be logged out at once.`;

  return (
    <li className="device-row" data-testid="device-row" data-device-id={device.id}>
      <div className="device-row__main">
        <span className="device-row__name">{device.name}</span>
        {device.current && <span className="badge badge--current">This device</span>}
        <span
          className={device.online ? "badge badge--online" : "badge badge--offline"}
          data-testid="device-presence"
        >
          {device.online ? "Online" : "Offline"}
        </span>
      </div>
      <div className="device-row__meta">
        <span data-testid="device-kind">{device.kind === "phone" ? "Phone" : "Desktop"}</span>
        <span>Last seen {formatLastSeen(device.lastSeenAt, now)}</span>
      </div>
      <button
        type="button"
        className="button--secondary device-row__revoke"
        disabled={isPending}
        onClick={() => {
          if (window.confirm(confirmation)) mutate();
        }}
      >
        Revoke
      </button>
      {error !== null && (
        <p role="alert" className="error" data-testid="error-message">
          {error instanceof DevicesRequestError ? error.message : "Could not revoke the device."}
        </p>
      )}
    </li>
  );
}

/** Every device of this user, live presence, revoke, and pairing a phone. */
export function DevicesView() {
  const queryClient = useQueryClient();
  const { connectCount } = useHubSocket();
  const now = useNow(15_000);
  const { data, isPending, error } = useQuery({
    queryKey: DEVICES_QUERY_KEY,
    queryFn: fetchDevices,
    refetchInterval: PRESENCE_REFRESH_MS,
  });

  useEffect(() => {
    if (connectCount > 0) void queryClient.invalidateQueries({ queryKey: DEVICES_QUERY_KEY });
  }, [connectCount, queryClient]);

  useEffect(() => {
    if (error instanceof DevicesRequestError && error.status === 401) leaveToLogin();
  }, [error]);

  return (
    <main className="devices">
      <h1>Devices</h1>
      <p className="hint">Every browser and phone logged in as you. Revoke one to log it out.</p>
      {isPending && <p className="hint">Loading…</p>}
      {error !== null && data === undefined && (
        <p role="alert" className="error" data-testid="error-message">
          {error instanceof DevicesRequestError ? error.message : "Could not load the devices."}
        </p>
      )}
      {data !== undefined && (
        <ul className="device-list">
          {data.map((device) => (
            <DeviceRow key={device.id} device={device} now={now} />
          ))}
        </ul>
      )}
      <PairingPanel />
      <PushPanel />
    </main>
  );
}
