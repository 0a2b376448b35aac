"use client";

import { useId, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Upload } from "lucide-react";
import type { ApprovalRulesExport } from "@inquiry-hub/protocol";
import { describeApiError } from "@/lib/client/describe-api-error";
import { queryKeys } from "@/lib/client/query-keys";
import { Button } from "@/lib/ui/button";
import { DIALOG_ACTIONS } from "@/lib/ui/confirm-dialog";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "@/lib/ui/dialog";
import { Field, FieldError, Input, Textarea } from "@/lib/ui/input";
import { useToast } from "@/lib/ui/toast";
import { useT } from "@/features/i18n";
import { readRulesText } from "./read-rules-file";
import { importRules } from "./rules-client";

/**
 * Import: a JSON file or pasted text in the proxy config's policy format. The text is read
 * here first, so a mistake is named in plain words before anything is sent; the hub checks it
 * again and adds the rules (any of the person's agents, until revoked).
 */
export function ImportRulesDialog() {
  const t = useT();
  const toast = useToast();
  const queryClient = useQueryClient();
  const fileId = useId();
  const textId = useId();
  const errorId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const { mutate, isPending, reset } = useMutation({
    mutationFn: (rules: ApprovalRulesExport) => importRules(rules),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.approvalRules });
      setOpen(false);
      toast({ text: t("rules.imported"), testId: "rule-toast" });
    },
    onError: (error) => setProblem(describeApiError(error, t, "rules.importFailed")),
  });

  function submit(): void {
    const read = readRulesText(text, t);
    if ("problem" in read) setProblem(read.problem);
    else mutate(read.rules);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setText("");
          setProblem(undefined);
          reset();
        }
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button type="button" variant="secondary" data-testid="rules-import">
          <Upload aria-hidden />
          {t("rules.import")}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg" data-testid="import-rules-dialog">
        <DialogTitle>{t("rules.importTitle")}</DialogTitle>
        <DialogDescription>{t("rules.importExplain")}</DialogDescription>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Field label={t("rules.importFile")} htmlFor={fileId}>
            <Input
              id={fileId}
              type="file"
              className="file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-2.5 file:py-1 file:text-sm file:font-medium file:text-foreground"
              accept="application/json,.json"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file === undefined) return;
                void file.text().then((content) => {
                  setText(content);
                  setProblem(undefined);
                });
              }}
            />
          </Field>
          <Field label={t("rules.importText")} htmlFor={textId}>
            <Textarea
              id={textId}
              className="min-h-32 font-mono text-xs sm:text-xs"
              value={text}
              spellCheck={false}
              aria-invalid={problem !== undefined}
              aria-describedby={problem === undefined ? undefined : errorId}
              onChange={(event) => {
                setText(event.target.value);
                setProblem(undefined);
              }}
            />
          </Field>
          {problem !== undefined && (
            <FieldError id={errorId} data-testid="error-message">
              {problem}
            </FieldError>
          )}
          <div className={DIALOG_ACTIONS}>
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                {t("rules.cancel")}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isPending}>
              {t("rules.import")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
