import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/ui/cn";
import { FieldError } from "@/lib/ui/input";

/** A native select in the fields' look, tall enough for a finger on phones. */
export const SELECT =
  "min-h-11 w-full min-w-0 rounded-lg border border-input bg-card px-3 py-2 text-base text-foreground disabled:opacity-55 aria-invalid:border-destructive sm:min-h-10 sm:text-sm";

const CHECK_ROW = "flex min-h-11 cursor-pointer items-center gap-3 text-sm sm:min-h-9";
const CHECK = "size-5 shrink-0 accent-primary";

/** A checkbox or radio button with its words, the whole row clickable. */
export function ChoiceRow({
  children,
  className,
  ...input
}: ComponentProps<"input"> & { children: ReactNode }) {
  return (
    <label className={cn(CHECK_ROW, className)}>
      <input className={CHECK} {...input} />
      <span className="min-w-0">{children}</span>
    </label>
  );
}

/** One part of the page: a heading, what it does in a sentence, and its fields. */
export function Section({
  title,
  hint,
  children,
}: {
  title: string;
  hint: string;
  children: ReactNode;
}) {
  return (
    <section className="grid min-w-0 gap-3 rounded-xl border bg-card p-4 sm:p-5">
      <div className="grid gap-1">
        <h2 className="text-base font-semibold">{title}</h2>
        <p className="text-sm text-muted-foreground">{hint}</p>
      </div>
      {children}
    </section>
  );
}

/** A field's error when it has one; `id` links it to the field's `aria-describedby`. */
export function ErrorOf({ id, text }: { id: string; text: string | undefined }) {
  return text === undefined ? null : (
    <FieldError id={id} data-testid="field-error">
      {text}
    </FieldError>
  );
}
