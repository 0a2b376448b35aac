"use client";

import { useEffect, useState } from "react";
import { currentSubscription, disablePush, enablePush, pushSupported } from "./push-client";

type PushState = "loading" | "unsupported" | "off" | "on";

/**
 * "Enable push notifications" for this device: questions then reach it while no tab of the
 * app is open (the hub pushes only to devices without a live connection).
 */
export function PushPanel() {
  const [state, setState] = useState<PushState>("loading");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (!pushSupported()) {
      setState("unsupported");
      return;
    }
    currentSubscription().then(
      (subscription) => setState(subscription === null ? "off" : "on"),
      () => setState("off"),
    );
  }, []);

  async function toggle(): Promise<void> {
    setBusy(true);
    setError(undefined);
    try {
      const subscription = await currentSubscription();
      if (subscription === null) await enablePush();
      else await disablePush(subscription);
      setState(subscription === null ? "on" : "off");
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Could not change push notifications.");
    } finally {
      setBusy(false);
    }
  }

  if (state === "loading") return null;
  return (
    <section className="push-panel" aria-labelledby="push-heading">
      <h2 id="push-heading">Push notifications</h2>
      {state === "unsupported" ? (
        <p className="hint">This browser cannot receive push notifications.</p>
      ) : (
        <>
          <p className="hint" data-testid="push-state">
            {state === "on"
              ? "This device gets a notification when a question arrives while the app is closed."
              : "Get a notification on this device when a question arrives while the app is closed."}
          </p>
          <button
            type="button"
            className="button--secondary"
            disabled={busy}
            onClick={() => void toggle()}
          >
            {state === "on" ? "Disable push notifications" : "Enable push notifications"}
          </button>
        </>
      )}
      {error !== undefined && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </section>
  );
}
