"use client";

import { useEffect, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import QRCode from "qrcode";
import { describeApiError } from "@/lib/client/describe-api-error";
import { useT } from "@/features/i18n";
import { formatClock, useCountdown } from "@/features/inquiry";
import { createPairingCode } from "./devices-client";
import { pairingLink, pairingLinkReach } from "./pairing-link";

/** What the person trusts on the phone (LAN mode), or why a phone cannot open the link. */
function PairingTrustNote({ link }: { link: string }) {
  const t = useT();
  const host = new URL(link).hostname;
  switch (pairingLinkReach(link)) {
    case "https":
      return (
        <p className="hint" data-testid="pairing-trust">
          {t("pairing.trustsOneCertificate", { host })}
        </p>
      );
    case "loopback":
      return (
        <p className="hint" data-testid="pairing-trust">
          {t("pairing.loopbackOnly", { host })}
        </p>
      );
    case "other":
      return null;
  }
}

/**
 * "Pair a phone": asks the hub for a one-time code and shows it as a QR code of the link
 * `<origin>/pair?code=…` (drawn locally, never by a web service), the link itself, and how
 * long it stays valid. `publicOrigin` is PUBLIC_URL's origin, which the link names when set.
 */
export function PairingPanel({ publicOrigin }: { publicOrigin: string | undefined }) {
  const t = useT();
  const { mutate, data, isPending, error } = useMutation({
    mutationFn: () => createPairingCode(),
  });
  const [link, setLink] = useState<string | undefined>(undefined);
  const [qrDataUrl, setQrDataUrl] = useState<string | undefined>(undefined);
  const left = useCountdown(data?.expiresAt);
  const expired = left !== undefined && left <= 0;

  useEffect(() => {
    if (data === undefined) return;
    let current = true;
    const next = pairingLink(data.code, { publicOrigin, pageOrigin: window.location.origin });
    setLink(next);
    setQrDataUrl(undefined);
    void QRCode.toDataURL(next, { margin: 1, width: 240, errorCorrectionLevel: "M" }).then(
      (url) => {
        if (current) setQrDataUrl(url);
      },
    );
    return () => {
      current = false;
    };
  }, [data, publicOrigin]);

  return (
    <section className="pairing" aria-labelledby="pairing-heading">
      <h2 id="pairing-heading">{t("pairing.heading")}</h2>
      <p className="hint">{t("pairing.hint")}</p>
      <button type="button" disabled={isPending} onClick={() => mutate()}>
        {data === undefined ? t("pairing.heading") : t("pairing.newCode")}
      </button>
      {error !== null && (
        <p role="alert" className="error" data-testid="error-message">
          {describeApiError(error, t, "pairing.createFailed")}
        </p>
      )}
      {data !== undefined && link !== undefined && !expired && (
        <div className="pairing__code">
          {qrDataUrl !== undefined && (
            // A data URL drawn in the browser: next/image has nothing to optimise here.
            <img src={qrDataUrl} alt={t("pairing.qrAlt")} width={240} height={240} />
          )}
          <a href={link} data-testid="pairing-link" className="pairing__link">
            {link}
          </a>
          <PairingTrustNote link={link} />
          {left !== undefined && (
            <p className="hint" data-testid="pairing-countdown" role="timer">
              {t("pairing.valid", { time: formatClock(left) })}
            </p>
          )}
        </div>
      )}
      {data !== undefined && expired && (
        <p className="hint" data-testid="pairing-expired">
          {t("pairing.expired")}
        </p>
      )}
    </section>
  );
}
