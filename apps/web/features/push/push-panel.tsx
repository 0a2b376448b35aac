"use client";

import { useEffect, useState } from "react";
import { describeApiError } from "@/lib/client/describe-api-error";
import { useT } from "@/features/i18n";
import { currentSubscription, disablePush, enablePush, pushSupported } from "./push-client";

type PushState = "loading" | "unsupported" | "off" | "on";

/**
 * "Enable push notifications" for this device: questions then reach it while no tab of the
 * app is open (the hub pushes only to devices without a live connection).
 */
export function PushPanel() {
  const t = useT();
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
      if (subscription === null) {
        if ((await enablePush()) === "blocked") {
          setError(t("inbox.notificationsBlocked"));
          return;
        }
      } else await disablePush(subscription);
      setState(subscription === null ? "on" : "off");
    } catch (failure) {
      setError(describeApiError(failure, t, "push.failed"));
    } finally {
      setBusy(false);
    }
  }

  if (state === "loading") return null;
  return (
    <section className="push-panel" aria-labelledby="push-heading">
      <h2 id="push-heading">{t("push.heading")}</h2>
      {state === "unsupported" ? (
        <p className="hint">{t("push.unsupported")}</p>
      ) : (
        <>
          <p className="hint" data-testid="push-state">
            {t(state === "on" ? "push.on" : "push.off")}
          </p>
          <button
            type="button"
            className="button--secondary"
            disabled={busy}
            onClick={() => void toggle()}
          >
            {t(state === "on" ? "push.disable" : "push.enable")}
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
