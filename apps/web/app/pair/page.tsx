import type { Metadata } from "next";
import type { ReactNode } from "react";
import { CircleAlert, Clock, Link2Off, Smartphone } from "lucide-react";
import { PairForm } from "@/features/devices";
import { LanguageSelect } from "@/features/i18n";
import { Card } from "@/lib/ui/card";
import { serverTranslator } from "@/lib/server/server-locale";
import { lookUpPairingCode } from "./pairing-lookup";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslator())("title.pair") };
}

/** A code this page cannot use: why, in a heading, and what to do instead. */
function Refusal({ icon, title, advice }: { icon: ReactNode; title: string; advice: string }) {
  return (
    <div className="grid gap-3" data-testid="pair-refusal">
      <div className="flex items-start gap-3">
        {icon}
        <h2 className="text-lg font-semibold">{title}</h2>
      </div>
      <p className="text-sm text-muted-foreground">{advice}</p>
    </div>
  );
}

/**
 * `/pair?code=…`, opened from the QR code on a logged-in device. The page names the account
 * the code joins, or says that the code is used, expired or unknown; looking it up spends
 * nothing: the code is spent only by the button, on a person's click.
 */
export default async function PairPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const raw = (await searchParams).code;
  const code = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? "";
  const t = await serverTranslator();
  const lookup = code === "" ? undefined : await lookUpPairingCode(code);
  const iconClass = "mt-0.5 size-5 shrink-0";
  let body: ReactNode;
  switch (lookup?.state) {
    case undefined:
      body = (
        <Refusal
          icon={<Link2Off className={`${iconClass} text-destructive`} aria-hidden />}
          title={t("pair.noCodeTitle")}
          advice={t("pair.noCode")}
        />
      );
      break;
    case "waiting":
      body = (
        <div className="grid gap-4">
          <div className="flex items-start gap-3">
            <Smartphone className={`${iconClass} text-primary`} aria-hidden />
            <div className="grid gap-1">
              <h2 className="text-lg font-semibold [overflow-wrap:anywhere]">
                {t("pair.joinTitle", { username: lookup.username })}
              </h2>
              <p className="text-sm text-muted-foreground">
                {t("pair.joinExplain", { username: lookup.username })}
              </p>
            </div>
          </div>
          <PairForm code={code} />
        </div>
      );
      break;
    case "used":
      body = (
        <Refusal
          icon={<CircleAlert className={`${iconClass} text-destructive`} aria-hidden />}
          title={t("pair.usedTitle")}
          advice={t("pair.newCodeAdvice")}
        />
      );
      break;
    case "expired":
      body = (
        <Refusal
          icon={<Clock className={`${iconClass} text-muted-foreground`} aria-hidden />}
          title={t("pair.expiredTitle")}
          advice={t("pair.newCodeAdvice")}
        />
      );
      break;
    case "unknown":
      body = (
        <Refusal
          icon={<Link2Off className={`${iconClass} text-destructive`} aria-hidden />}
          title={t("pair.unknownTitle")}
          advice={t("pair.newCodeAdvice")}
        />
      );
      break;
    case "unreachable":
      body = (
        <div className="grid gap-4">
          <p className="text-sm">{t("pair.question")}</p>
          <PairForm code={code} />
        </div>
      );
      break;
  }
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 py-10">
      <div className="grid justify-items-center gap-2 text-center">
        <img src="/icon.svg" alt="" width={48} height={48} className="size-12" />
        <h1 className="text-2xl font-semibold tracking-tight">Inquiry Hub</h1>
      </div>
      <Card className="w-full max-w-sm p-6">{body}</Card>
      <LanguageSelect />
    </main>
  );
}
