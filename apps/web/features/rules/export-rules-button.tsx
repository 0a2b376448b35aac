"use client";

import { useMutation } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { describeApiError } from "@/lib/client/describe-api-error";
import { Button } from "@/lib/ui/button";
import { useToast } from "@/lib/ui/toast";
import { useT } from "@/features/i18n";
import { exportRules } from "./rules-client";

/** The file name an export is saved as. */
const EXPORT_FILE = "approval-rules.json";

/**
 * Export: asks the hub for the rules in the proxy config's policy format and saves them as a
 * JSON file, which Import (here or on another hub) and the proxy config both read; a toast
 * names the rules that format cannot hold exactly (the hub leaves them out rather than widen
 * them). Disabled while there is nothing to export.
 */
export function ExportRulesButton({ disabled }: { disabled: boolean }) {
  const t = useT();
  const toast = useToast();
  const { mutate, isPending } = useMutation({
    mutationFn: () => exportRules(),
    onSuccess: (rules) => {
      const blob = new Blob([`${JSON.stringify(rules, null, 2)}\n`], {
        type: "application/json",
      });
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = EXPORT_FILE;
      link.click();
      URL.revokeObjectURL(url);
      if (rules.omitted !== undefined && rules.omitted.length > 0)
        toast({
          text: t("rules.exportOmitted", { names: rules.omitted.join(", ") }),
          testId: "rule-toast",
        });
    },
    onError: (error) => toast({ text: describeApiError(error, t, "rules.exportFailed") }),
  });

  return (
    <Button
      type="button"
      variant="secondary"
      disabled={disabled || isPending}
      onClick={() => mutate()}
      data-testid="rules-export"
    >
      <Download aria-hidden />
      {t("rules.export")}
    </Button>
  );
}
