import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";

const FIELD =
  "w-full min-w-0 rounded-lg border border-input bg-card px-3 py-2 text-base text-foreground placeholder:text-muted-foreground disabled:opacity-55 aria-invalid:border-destructive sm:text-sm";

/** A text field; `aria-invalid` turns its outline to the error colour. */
export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(FIELD, "min-h-10", className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(FIELD, "min-h-20", className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<"label">) {
  return <label className={cn("text-sm font-medium", className)} {...props} />;
}

/**
 * A labelled control: the label above, the control (and its error) below, one gap apart.
 * `htmlFor` is the control's id, so the label names it for assistive technology.
 */
export function Field({
  label,
  htmlFor,
  className,
  children,
}: {
  label: ReactNode;
  htmlFor: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
    </div>
  );
}

/** A field's error, read out with the field (link it with `aria-describedby`). */
export function FieldError({ className, ...props }: ComponentProps<"p">) {
  return (
    <p
      role="alert"
      className={cn(
        "rounded-md bg-destructive-muted px-3 py-2 text-sm text-destructive-muted-foreground",
        className,
      )}
      {...props}
    />
  );
}
