"use client";

import type { ReactNode } from "react";

/**
 * The frame of the forms that start a session on this browser (log in or sign up, claim a
 * pairing code): submitting stays on the page, a failure is announced above the buttons.
 */
export function SessionForm({
  onSubmit,
  error,
  actions,
  children,
}: {
  onSubmit: () => void;
  /** The words of the last failure, if any. */
  error: string | undefined;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <form
      className="login-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      {error !== undefined && (
        <p role="alert" className="error" data-testid="error-message">
          {error}
        </p>
      )}
      <div className="login-form__actions">{actions}</div>
    </form>
  );
}
