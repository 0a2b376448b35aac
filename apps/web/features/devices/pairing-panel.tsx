"use client";

import { useEffect, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import QRCode from "qrcode";
import { formatCountdown } from "../inquiry/format-countdown";
import { useCountdown } from "../inquiry/use-countdown";
import { DevicesRequestError, createPairingCode, pairingLink } from "./devices-client";

/**
 * "Pair a phone": asks the hub for a one-time code and shows it as a QR code of the link
 * `<origin>/pair?code=…` (drawn locally, never by a web service), the link itself, and how
 * long it stays valid.
 */
export function PairingPanel() {
  const { mutate, data, isPending, error } = useMutation({ mutationFn: createPairingCode });
  const [link, setLink] = useState<string | undefined>(undefined);
  const [qrDataUrl, setQrDataUrl] = useState<string | undefined>(undefined);
  const left = useCountdown(data?.expiresAt);
  const expired = left !== undefined && left <= 0;

  useEffect(() => {
    if (data === undefined) return;
    let current = true;
    const next = pairingLink(window.location.origin, data.code);
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
  }, [data]);

  return (
    <section className="pairing" aria-labelledby="pairing-heading">
      <h2 id="pairing-heading">Pair a phone</h2>
      <p className="hint">
        Scan the code with your phone, or open the link on it, to log it in as you. The link works
        once, for a few minutes.
      </p>
      <button type="button" disabled={isPending} onClick={() => mutate()}>
        {data === undefined ? "Pair a phone" : "New pairing code"}
      </button>
      {error !== null && (
        <p role="alert" className="error" data-testid="error-message">
          {error instanceof DevicesRequestError
            ? error.message
            : "Could not create a pairing code."}
        </p>
      )}
      {data !== undefined && link !== undefined && !expired && (
        <div className="pairing__code">
          {qrDataUrl !== undefined && (
            // A data URL drawn in the browser: next/image has nothing to optimise here.
            <img src={qrDataUrl} alt="Pairing QR code" width={240} height={240} />
          )}
          <a href={link} data-testid="pairing-link" className="pairing__link">
            {link}
          </a>
          {left !== undefined && (
            <p className="hint" data-testid="pairing-countdown" role="timer">
              Code valid · {formatCountdown(left)}
            </p>
          )}
        </div>
      )}
      {data !== undefined && expired && (
        <p className="hint" data-testid="pairing-expired">
          This pairing code expired. Create a new one.
        </p>
      )}
    </section>
  );
}
