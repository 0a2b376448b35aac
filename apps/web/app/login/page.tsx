import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm, returnPath } from "@/features/auth";
import { LanguageSelect } from "@/features/i18n";
import { readToken } from "@/lib/server/session";
import { serverTranslator } from "@/lib/server/server-locale";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslator())("title.login") };
}

/** `?next=/path` brings the person back where a login was asked for (a webhook link's page). */
export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const landing = returnPath((await searchParams).next);
  if ((await readToken()) !== undefined) redirect(landing);
  const t = await serverTranslator();
  return (
    <main className="login">
      <h1>Inquiry Hub</h1>
      <p className="hint">{t("login.hint")}</p>
      <LoginForm landing={landing} />
      <div className="login__language">
        <LanguageSelect />
      </div>
    </main>
  );
}
