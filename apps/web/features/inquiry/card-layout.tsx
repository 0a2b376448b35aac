import type { ComponentProps } from "react";
import { cn } from "@/lib/ui/cn";

/**
 * The size every card button takes: 44 px tall and the card's full width on a phone, so each
 * is one thumb's reach and none wraps beside another; its natural width from `sm` up.
 */
export const CARD_BUTTON = "min-h-11 w-full sm:min-h-10 sm:w-auto";

/** A row of card buttons: stacked on a phone, side by side (wrapping) from `sm` up. */
export function CardActions({ className, ...props }: ComponentProps<"div">) {
  return (
    <div className={cn("flex flex-col gap-2 sm:flex-row sm:flex-wrap", className)} {...props} />
  );
}

/**
 * Markdown from the agent, styled in place (lists, links, code) since the page's reset strips
 * them; `dir="auto"` lays it out by its own direction.
 */
export function QuestionText({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-testid="inquiry-question"
      dir="auto"
      className={cn(
        "min-w-0 leading-relaxed break-words",
        "[&_p]:my-1 [&_ul]:my-1 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:my-1 [&_ol]:list-decimal [&_ol]:pl-5",
        "[&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2",
        "[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.9em]",
        "[&_pre]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-2",
        "[&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_h1]:text-base [&_h2]:text-base",
        "[&_blockquote]:border-l-2 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground",
        className,
      )}
      {...props}
    />
  );
}
