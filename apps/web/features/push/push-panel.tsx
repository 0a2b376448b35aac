"use client";

import { useEffect, useState } from "react";
import { Bell, BellOff } from "lucide-react";
import { describeApiError } from "@/lib/client/describe-api-error";
import { Button } from "@/lib/ui/button";
import { Card } from "@/lib/ui/card";
import { FieldError } from "@/lib/ui/input";
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
  const Icon = state === "on" ? Bell : BellOff;
  return (
    <section aria-labelledby="push-heading">
      <Card className="grid gap-3 p-4 sm:p-5">
        <div className="flex items-start gap-3">
          <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
          <div className="grid gap-1">
            <h2 id="push-heading" className="text-lg font-semibold">
              {t("push.heading")}
            </h2>
            {state === "unsupported" ? (
              <p className="text-sm text-muted-foreground">{t("push.unsupported")}</p>
            ) : (
              <p className="text-sm text-muted-foreground" data-testid="push-state">
                {t(state === "on" ? "push.on" : "push.off")}
              </p>
            )}
          </div>
        </div>
        {state !== "unsupported" && (
          <Button
            variant="secondary"
            className="justify-self-start"
            disabled={busy}
            onClick={() => void toggle()}
          >
            {t(state === "on" ? "push.disable" : "push.enable")}
          </Button>
        )}
        {error !== undefined && <FieldError>{error}</FieldError>}
      </Card>
    </section>
  );
}
