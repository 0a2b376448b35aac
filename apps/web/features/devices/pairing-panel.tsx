"use client";

import { useEffect, useState, useSyncExternalStore } from "react";
import QRCode from "qrcode";
import { CircleCheck, Clock, LoaderCircle, QrCode, RefreshCw } from "lucide-react";
import { describeApiError } from "@/lib/client/describe-api-error";
import { Button } from "@/lib/ui/button";
import { Card } from "@/lib/ui/card";
import { FieldError } from "@/lib/ui/input";
import { useT } from "@/features/i18n";
import { formatClock } from "@/features/inquiry";
import { pairingLink, pairingOrigin } from "./pairing-link";
import { PairingLanNote } from "./pairing-lan-note";
import { usePairingCode } from "./use-pairing-code";

const noSubscription = () => () => undefined;

/** This page's origin in the browser; undefined while rendering on the server. */
function usePageOrigin(): string | undefined {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => undefined,
  );
}

/** The QR code of `link`, drawn in the browser (never by a web service). */
function useQrDataUrl(link: string | undefined): string | undefined {
  const [drawn, setDrawn] = useState<{ link: string; url: string } | undefined>(undefined);
  useEffect(() => {
    if (link === undefined) return;
    let current = true;
    void QRCode.toDataURL(link, { margin: 1, width: 240, errorCorrectionLevel: "M" }).then(
      (url) => {
        if (current) setDrawn({ link, url });
      },
    );
    return () => {
      current = false;
    };
  }, [link]);
  return drawn !== undefined && drawn.link === link ? drawn.url : undefined;
}

/**
 * "Pair a phone": asks the hub for a one-time code and shows it as a QR code of the link
 * `<origin>/pair?code=…`, the link itself and its live state — waiting (with the time left),
 * used by which device, or expired — with a new code one click away. On a loopback origin
 * (plain `npm start`) it first says that a phone cannot reach this computer and how to start
 * LAN mode. `publicOrigin` is PUBLIC_URL's origin, which the link names when set.
 */
export function PairingPanel({ publicOrigin }: { publicOrigin: string | undefined }) {
  const t = useT();
  const pageOrigin = usePageOrigin();
  const { state, create, creating, error } = usePairingCode();
  const origin = pageOrigin === undefined ? undefined : pairingOrigin({ publicOrigin, pageOrigin });
  const link =
    state.kind === "waiting" && pageOrigin !== undefined
      ? pairingLink(state.code.code, { publicOrigin, pageOrigin })
      : undefined;
  const qrDataUrl = useQrDataUrl(link);

  return (
    <section aria-labelledby="pairing-heading">
      <Card className="grid gap-4 p-4 sm:p-5">
        <div className="flex items-start gap-3">
          <QrCode className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
          <div className="grid gap-1">
            <h2 id="pairing-heading" className="text-lg font-semibold">
              {t("pairing.heading")}
            </h2>
            <p className="text-sm text-muted-foreground">{t("pairing.hint")}</p>
          </div>
        </div>
        {origin !== undefined && <PairingLanNote origin={origin} />}
        {state.kind === "none" && (
          <Button
            className="justify-self-start"
            data-testid="pair-phone"
            disabled={creating}
            onClick={create}
          >
            <QrCode aria-hidden />
            {t("pairing.heading")}
          </Button>
        )}
        {state.kind === "waiting" && link !== undefined && (
          <div className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-start">
            <div className="size-[188px] justify-self-center rounded-lg border bg-white p-1.5 sm:justify-self-start">
              {qrDataUrl !== undefined && (
                // A data URL drawn in the browser: next/image has nothing to optimise here.
                <img src={qrDataUrl} alt={t("pairing.qrAlt")} width={176} height={176} />
              )}
            </div>
            <div className="grid min-w-0 content-start gap-3">
              <p
                className="flex items-center gap-2 text-sm font-medium"
                data-testid="pairing-state"
                role="status"
              >
                <LoaderCircle className="size-4 shrink-0 animate-spin text-primary" aria-hidden />
                {t("pairing.waitingForPhone")}
              </p>
              {state.left !== undefined && (
                <p
                  className="flex items-center gap-2 text-sm text-muted-foreground"
                  data-testid="pairing-countdown"
                  role="timer"
                >
                  <Clock className="size-4 shrink-0" aria-hidden />
                  {t("pairing.timeLeft", { time: formatClock(state.left) })}
                </p>
              )}
              <a
                href={link}
                data-testid="pairing-link"
                className="rounded-md bg-muted px-2 py-1.5 font-mono text-xs break-all text-foreground underline-offset-4 hover:underline"
              >
                {link}
              </a>
              <Button
                variant="secondary"
                size="sm"
                className="justify-self-start"
                disabled={creating}
                onClick={create}
              >
                <RefreshCw aria-hidden />
                {t("pairing.newCode")}
              </Button>
            </div>
          </div>
        )}
        {state.kind === "used" && (
          <div className="flex flex-wrap items-center gap-3">
            <p
              className="flex min-w-0 flex-1 items-center gap-2 text-sm font-medium"
              data-testid="pairing-state"
              role="status"
            >
              <CircleCheck className="size-4 shrink-0 text-success-foreground" aria-hidden />
              <span className="[overflow-wrap:anywhere]">
                {t("pairing.usedBy", { device: state.deviceName })}
              </span>
            </p>
            <Button variant="secondary" size="sm" disabled={creating} onClick={create}>
              {t("pairing.pairAnother")}
            </Button>
          </div>
        )}
        {state.kind === "expired" && (
          <div className="flex flex-wrap items-center gap-3" data-testid="pairing-expired">
            <p className="flex min-w-0 flex-1 items-center gap-2 text-sm text-muted-foreground">
              <Clock className="size-4 shrink-0" aria-hidden />
              {t("pairing.expired")}
            </p>
            <Button variant="secondary" size="sm" disabled={creating} onClick={create}>
              <RefreshCw aria-hidden />
              {t("pairing.newCode")}
            </Button>
          </div>
        )}
        {error !== null && (
          <FieldError data-testid="error-message">
            {describeApiError(error, t, "pairing.createFailed")}
          </FieldError>
        )}
      </Card>
    </section>
  );
}
