"use client";

import { useMutation } from "@tanstack/react-query";
import type { AnswerBody } from "@inquiry-hub/protocol";
import { describeApiError } from "@/lib/client/describe-api-error";
import type { Message, MessageKey } from "@/lib/i18n/translate";
import { useT } from "@/features/i18n";
import type { AnswerOutcome } from "@/features/live";
import { noteForOutcome } from "@/features/live";
import { useCountdown } from "./use-countdown";

/**
 * What every answerable card (question or approval) does with its answer and its clock:
 * sends the answer once, closes the card with the outcome's note when the hub settled it,
 * and counts down to `expiresAt` so the card locks when time is up. A failed send becomes
 * `problem`, the text to show while the card stays open: the hub's reason when it gave one,
 * else `sendFailed` (each kind of card says what could not be sent).
 */
export function useCardAnswer(
  expiresAt: string | undefined,
  onAnswer: (body: AnswerBody) => Promise<AnswerOutcome>,
  onClose: (note: Message) => void,
  sendFailed: MessageKey,
) {
  const t = useT();
  const { mutate, isPending, error, reset } = useMutation({
    mutationFn: onAnswer,
    onSuccess: (outcome, body) => onClose(noteForOutcome(outcome, body)),
  });
  const left = useCountdown(expiresAt);
  const expired = left !== undefined && left <= 0;
  const problem = error === null ? undefined : describeApiError(error, t, sendFailed);
  return {
    send: mutate,
    /** Forgets a failed send's problem (the person changed what the refusal was about). */
    clearProblem: reset,
    isPending,
    problem,
    left,
    expired,
    disabled: isPending || expired,
  };
}
