"use client";

import { Download, KeyRound } from "lucide-react";
import { useT } from "@/features/i18n";
import { Button } from "@/lib/ui/button";

/** Where the browser downloads the person's signed audit chain (GET /api/audit/export). */
const AUDIT_EXPORT_URL = "/api/audit/export";
/** The hub's public key that checks the chain's signatures (GET /api/audit/public-key). */
const AUDIT_PUBLIC_KEY_URL = "/api/audit/public-key";

/**
 * The audit log's download beside the history export: unlike the history it takes no filter,
 * since a chain only verifies whole. The hint says what the file is for and the link offers
 * the key a reader checks it with.
 */
export function AuditExport() {
  const t = useT();
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="audit-export">
      <Button asChild variant="secondary" size="sm">
        <a href={AUDIT_EXPORT_URL} download>
          <Download aria-hidden />
          {t("history.auditExport")}
        </a>
      </Button>
      <p className="min-w-0 text-xs text-muted-foreground">
        {t("history.auditHint")}{" "}
        <a
          href={AUDIT_PUBLIC_KEY_URL}
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-1 font-medium text-foreground underline underline-offset-2"
        >
          <KeyRound aria-hidden className="size-3" />
          {t("history.auditPublicKey")}
        </a>
      </p>
    </div>
  );
}
