"use client";

import { useEffect, useId, useRef, useState } from "react";
import type { CreatedAgentKey } from "@inquiry-hub/protocol";
import { Check, Copy, TriangleAlert } from "lucide-react";
import { Button } from "@/lib/ui/button";
import { Card } from "@/lib/ui/card";
import { Input, Label } from "@/lib/ui/input";
import { useT } from "@/features/i18n";

type CopyState = "idle" | "copied" | "failed";

/**
 * The one showing of a new key's secret: read-only, selectable, a Copy button, and the
 * warning that it will not be shown again. Focus moves here when it appears, so a screen
 * reader reads the warning before anything else. Give it `key={created.key.id}` so a second
 * key starts afresh.
 */
export function NewSecretPanel({
  created,
  onDismiss,
}: {
  created: CreatedAgentKey;
  onDismiss: () => void;
}) {
  const t = useT();
  const secretId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [copy, setCopy] = useState<CopyState>("idle");

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  async function copySecret() {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopy("copied");
    } catch {
      setCopy("failed");
    }
  }

  return (
    <Card className="border-2 border-attention-border p-4 sm:p-5">
      <section
        className="grid gap-3"
        aria-labelledby="agent-key-secret-heading"
        data-testid="agent-key-secret"
      >
        <h2
          id="agent-key-secret-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold [overflow-wrap:anywhere]"
        >
          {t("agentKeys.secretHeading", { name: created.key.name })}
        </h2>
        <p className="flex items-start gap-2 rounded-lg bg-attention px-3 py-2 text-sm font-medium text-attention-foreground">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t("agentKeys.secretOnce")}
        </p>
        <div className="grid gap-1.5">
          <Label htmlFor={secretId}>{t("agentKeys.secret")}</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id={secretId}
              className="font-mono"
              readOnly
              value={created.secret}
              spellCheck={false}
              autoComplete="off"
              onFocus={(event) => event.target.select()}
            />
            <Button
              type="button"
              variant="secondary"
              className="self-start sm:self-auto"
              onClick={() => void copySecret()}
            >
              {copy === "copied" ? <Check aria-hidden /> : <Copy aria-hidden />}
              {t("agentKeys.copy")}
            </Button>
          </div>
        </div>
        <p
          role="status"
          className={
            copy === "failed"
              ? "text-sm text-destructive-muted-foreground"
              : "text-sm text-muted-foreground"
          }
        >
          {copy === "copied" && t("agentKeys.copied")}
          {copy === "failed" && t("agentKeys.copyFailed")}
        </p>
        <Button type="button" className="justify-self-start" onClick={onDismiss}>
          {t("agentKeys.dismiss")}
        </Button>
      </section>
    </Card>
  );
}
