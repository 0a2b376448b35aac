"use client";

import { ShieldCheck, WifiOff } from "lucide-react";
import { useT } from "@/features/i18n";
import { pairingLinkReach } from "./pairing-link";

/**
 * What a phone makes of links to `origin`: on a loopback address (plain `npm start`) a phone
 * cannot reach this computer at all, so the note says so and how to start LAN mode; in LAN
 * mode it says which certificate the phone trusts; plain HTTP on a reachable host needs no
 * word.
 */
export function PairingLanNote({ origin }: { origin: string }) {
  const t = useT();
  const host = new URL(origin).hostname;
  switch (pairingLinkReach(origin)) {
    case "loopback":
      return (
        <div
          className="flex gap-3 rounded-lg border border-attention-border bg-attention px-3 py-2.5 text-sm text-attention-foreground"
          data-testid="pairing-trust"
          role="note"
        >
          <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden />
          <div className="grid gap-1">
            <p className="font-medium">{t("pairing.loopbackTitle")}</p>
            <p>{t("pairing.loopbackExplain", { host })}</p>
            <p>
              {t("pairing.loopbackHow")}{" "}
              <code className="rounded bg-card px-1.5 py-0.5 font-mono text-xs text-foreground">
                npm start -- --lan
              </code>
            </p>
          </div>
        </div>
      );
    case "https":
      return (
        <p className="flex gap-2 text-sm text-muted-foreground" data-testid="pairing-trust">
          <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t("pairing.trustsOneCertificate", { host })}
        </p>
      );
    case "other":
      return null;
  }
}
