"use client";

import { useId } from "react";
import type { ComponentProps } from "react";
import { FieldError, Input, Label } from "@/lib/ui/input";

/**
 * One labelled field of a session form with its error under it: the input says it is invalid
 * (`aria-invalid`) and names the error as its description, so a screen reader reads both.
 */
export function CredentialField({
  label,
  error,
  ...input
}: ComponentProps<"input"> & { label: string; error: string | undefined }) {
  const inputId = useId();
  const errorId = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        aria-invalid={error !== undefined}
        aria-describedby={error === undefined ? undefined : errorId}
        {...input}
      />
      {error !== undefined && (
        <FieldError id={errorId} data-testid="field-error">
          {error}
        </FieldError>
      )}
    </div>
  );
}
