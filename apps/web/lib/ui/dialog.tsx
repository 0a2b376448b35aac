"use client";

import { Dialog as Primitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "./cn";

/**
 * Radix's dialog (focus trapped and restored, Escape, `aria-modal`, the title as its name)
 * in two shapes: a centred `DialogContent`, and a `SheetContent` that slides in from an edge
 * (the phone's conversation list, say). Every dialog needs a `DialogTitle`.
 */
export const Dialog = Primitive.Root;
export const DialogTrigger = Primitive.Trigger;
export const DialogClose = Primitive.Close;

function Overlay() {
  return <Primitive.Overlay className="fixed inset-0 z-40 bg-black/40" />;
}

export function DialogContent({ className, ...props }: ComponentProps<typeof Primitive.Content>) {
  return (
    <Primitive.Portal>
      <Overlay />
      <Primitive.Content
        className={cn(
          "fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-xl",
          className,
        )}
        {...props}
      />
    </Primitive.Portal>
  );
}

const SHEET_SIDES = {
  left: "inset-y-0 left-0 h-full w-[min(20rem,85vw)] border-r",
  bottom: "inset-x-0 bottom-0 max-h-[85dvh] rounded-t-xl border-t",
} as const;

export function SheetContent({
  className,
  side = "left",
  ...props
}: ComponentProps<typeof Primitive.Content> & { side?: keyof typeof SHEET_SIDES }) {
  return (
    <Primitive.Portal>
      <Overlay />
      <Primitive.Content
        className={cn(
          "fixed z-50 flex flex-col gap-3 overflow-y-auto bg-card p-4 text-card-foreground shadow-xl",
          SHEET_SIDES[side],
          className,
        )}
        {...props}
      />
    </Primitive.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof Primitive.Title>) {
  return <Primitive.Title className={cn("text-lg font-semibold", className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof Primitive.Description>) {
  return (
    <Primitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />
  );
}
