import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/features/auth/login-form";
import { LanguageSelect } from "@/features/i18n/language-select";
import { readToken } from "@/lib/session";
import { serverTranslator } from "@/lib/i18n/server-locale";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslator())("title.login") };
}

export default async function LoginPage() {
  if ((await readToken()) !== undefined) redirect("/chat");
  const t = await serverTranslator();
  return (
    <main className="login">
      <h1>Inquiry Hub</h1>
      <p className="hint">{t("login.hint")}</p>
      <LoginForm />
      <div className="login__language">
        <LanguageSelect />
      </div>
    </main>
  );
}
