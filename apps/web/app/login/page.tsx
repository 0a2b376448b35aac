import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm, returnPath } from "@/features/auth";
import { LanguageSelect } from "@/features/i18n";
import { Card } from "@/lib/ui/card";
import { readToken } from "@/lib/server/session";
import { serverTranslator } from "@/lib/server/server-locale";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslator())("title.login") };
}

/**
 * A centred card: the product's mark, name and what it does, the form, and the language
 * choice under it (a person may not read the page's first language).
 * `?next=/path` brings the person back where a login was asked for (a webhook link's page).
 */
export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const landing = returnPath((await searchParams).next);
  if ((await readToken()) !== undefined) redirect(landing);
  const t = await serverTranslator();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 py-10">
      <div className="grid justify-items-center gap-2 text-center">
        <img src="/icon.svg" alt="" width={48} height={48} className="size-12" />
        <h1 className="text-2xl font-semibold tracking-tight">Inquiry Hub</h1>
        <p className="max-w-xs text-sm text-balance text-muted-foreground">{t("login.hint")}</p>
      </div>
      <Card className="w-full max-w-sm p-6">
        <LoginForm landing={landing} />
      </Card>
      <LanguageSelect />
    </main>
  );
}
