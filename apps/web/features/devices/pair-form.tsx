"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { MAX_DEVICE_NAME_LENGTH } from "@inquiry-hub/protocol";
import { DevicesRequestError, claimPairingCode } from "./devices-client";

/** Shown when the hub does not know the code (never issued, already used, or expired). */
export const UNKNOWN_PAIRING_MESSAGE = "This pairing link is unknown, used or expired.";

function messageOf(error: Error): string {
  if (!(error instanceof DevicesRequestError)) return "Could not log in on this device.";
  return error.status === 404 ? UNKNOWN_PAIRING_MESSAGE : error.message;
}

/**
 * Claims a pairing code on an explicit click. Opening the link alone changes nothing, so a
 * link previewer or prefetcher cannot burn the one-time code.
 */
export function PairForm({ code }: { code: string }) {
  const router = useRouter();
  const [deviceName, setDeviceName] = useState("");
  const nameId = useId();
  const { mutate, isPending, error } = useMutation({
    mutationFn: () => claimPairingCode(code, deviceName),
    onSuccess: () => {
      router.replace("/inbox");
      router.refresh();
    },
  });

  return (
    <form
      className="login-form"
      onSubmit={(event) => {
        event.preventDefault();
        mutate();
      }}
    >
      <label htmlFor={nameId}>Device name</label>
      <input
        id={nameId}
        name="deviceName"
        placeholder="Optional, e.g. My phone"
        maxLength={MAX_DEVICE_NAME_LENGTH}
        autoComplete="off"
        value={deviceName}
        onChange={(event) => setDeviceName(event.target.value)}
      />
      {error !== null && (
        <p role="alert" className="error" data-testid="error-message">
          {messageOf(error)}
        </p>
      )}
      <div className="login-form__actions">
        <button type="submit" disabled={isPending}>
          Log in on this device
        </button>
      </div>
    </form>
  );
}
