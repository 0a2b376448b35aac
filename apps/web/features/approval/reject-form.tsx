"use client";

import { useId, useState } from "react";
import { Button } from "@/lib/ui/button";
import { Input, Label } from "@/lib/ui/input";
import { useT } from "@/features/i18n";
import { CARD_BUTTON } from "@/features/inquiry";

/** Reject, with an optional reason the agent is told; `label` names the button ("Reject all"). */
export function RejectForm({
  disabled,
  label,
  onReject,
}: {
  disabled: boolean;
  label?: string;
  onReject: (reason: string | undefined) => void;
}) {
  const t = useT();
  const [reason, setReason] = useState("");
  const reasonId = useId();
  return (
    <form
      className="grid gap-1.5 border-t pt-3"
      onSubmit={(event) => {
        event.preventDefault();
        const text = reason.trim();
        onReject(text === "" ? undefined : text);
      }}
    >
      <Label htmlFor={reasonId}>{t("approval.reason")}</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={reasonId}
          type="text"
          dir="auto"
          className="min-h-11 sm:min-h-10"
          value={reason}
          autoComplete="off"
          placeholder={t("approval.reasonPlaceholder")}
          disabled={disabled}
          onChange={(event) => setReason(event.target.value)}
        />
        <Button
          type="submit"
          variant="secondary"
          className={`${CARD_BUTTON} text-destructive-muted-foreground`}
          disabled={disabled}
        >
          {label ?? t("approval.reject")}
        </Button>
      </div>
    </form>
  );
}
