"use client";

import { useId } from "react";
import { Label, Textarea } from "@/lib/ui/input";
import { cn } from "@/lib/ui/cn";
import { useT } from "@/features/i18n";
import { CardError } from "@/features/inquiry";
import type { ArgumentDraft } from "./edited-arguments";

/** Lines a field shows at first: its text's, between one and ten. */
function rowsFor(text: string): number {
  return Math.min(10, Math.max(1, text.split("\n").length));
}

function ArgumentField({
  draft,
  error,
  refusal,
  disabled,
  onChange,
}: {
  draft: ArgumentDraft;
  /** The field's own parse error. */
  error: string | undefined;
  /** The hub's refusal of the last edit, when it named this argument. */
  refusal: string | undefined;
  disabled: boolean;
  onChange: (text: string) => void;
}) {
  const t = useT();
  const id = useId();
  const errorId = `${id}-error`;
  const shown = error ?? refusal;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} className="font-mono text-[0.8125rem]">
        {draft.asJson ? t("approval.valueJson", { name: draft.name }) : draft.name}
      </Label>
      <Textarea
        id={id}
        dir="auto"
        rows={rowsFor(draft.text)}
        value={draft.text}
        disabled={disabled}
        spellCheck={false}
        aria-invalid={shown !== undefined}
        aria-describedby={shown === undefined ? undefined : errorId}
        className={cn("min-h-11 resize-y", draft.asJson && "font-mono text-[0.8125rem]")}
        onChange={(event) => onChange(event.target.value)}
      />
      {shown !== undefined && (
        <CardError id={errorId} testId={error === undefined ? "error-message" : "argument-error"}>
          {shown}
        </CardError>
      )}
    </div>
  );
}

/**
 * The edit form of an approval: one field per argument, labelled with its name, each with
 * its own error right under it: its text is not JSON, or the hub refused the edit naming it.
 */
export function ArgumentsEditor({
  drafts,
  errors,
  refusal,
  disabled,
  onChange,
}: {
  drafts: readonly ArgumentDraft[];
  errors: ReadonlyMap<string, string>;
  refusal: { name: string; message: string } | undefined;
  disabled: boolean;
  onChange: (name: string, text: string) => void;
}) {
  const t = useT();
  return (
    <fieldset className="grid gap-3" data-testid="approval-editor">
      <legend className="mb-2 text-sm text-muted-foreground">{t("approval.editHint")}</legend>
      {drafts.map((draft) => (
        <ArgumentField
          key={draft.name}
          draft={draft}
          error={errors.get(draft.name)}
          refusal={refusal?.name === draft.name ? refusal.message : undefined}
          disabled={disabled}
          onChange={(text) => onChange(draft.name, text)}
        />
      ))}
    </fieldset>
  );
}
