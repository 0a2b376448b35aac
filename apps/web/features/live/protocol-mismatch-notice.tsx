"use client";

import { useT } from "@/features/i18n";
import { Button } from "@/lib/ui/button";
import { useHubConnection } from "./live-context";

/**
 * Tells the person, on every signed-in page, that the hub refused this page's protocol
 * version: the tab stopped receiving questions and only a reload brings matching code.
 */
export function ProtocolMismatchNotice() {
  const t = useT();
  const { protocolMismatch } = useHubConnection();
  if (protocolMismatch === undefined) return null;
  const { page, hub } = protocolMismatch;
  return (
    <p
      role="alert"
      data-testid="protocol-mismatch"
      className="mx-auto my-2 flex w-full max-w-3xl flex-wrap items-center gap-3 rounded-lg bg-destructive-muted px-3 py-2 text-sm text-destructive-muted-foreground"
    >
      {t("connection.protocolMismatch", { page, hub })}
      <Button variant="secondary" size="sm" onClick={() => window.location.reload()}>
        {t("connection.reload")}
      </Button>
    </p>
  );
}
