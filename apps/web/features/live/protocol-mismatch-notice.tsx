"use client";

import { useT } from "@/features/i18n";
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
    <p role="alert" className="error" data-testid="protocol-mismatch">
      {t("connection.protocolMismatch", { page, hub })}{" "}
      <button type="button" className="button--secondary" onClick={() => window.location.reload()}>
        {t("connection.reload")}
      </button>
    </p>
  );
}
