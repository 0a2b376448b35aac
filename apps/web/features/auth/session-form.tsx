"use client";

import type { ReactNode } from "react";
import { FieldError } from "@/lib/ui/input";

/**
 * The frame of the forms that start a session on this browser (log in or sign up, claim a
 * pairing code): the fields in a column, submitting stays on the page, a failure that
 * belongs to no field is announced above the buttons.
 */
export function SessionForm({
  onSubmit,
  error,
  actions,
  children,
}: {
  onSubmit: () => void;
  /** The words of the last failure that no field shows, if any. */
  error: string | undefined;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      {error !== undefined && <FieldError data-testid="error-message">{error}</FieldError>}
      <div className="grid gap-3">{actions}</div>
    </form>
  );
}
