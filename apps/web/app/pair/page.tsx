import type { Metadata } from "next";
import { PairForm } from "@/features/devices";
import { serverTranslator } from "@/lib/server/server-locale";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslator())("title.pair") };
}

/**
 * `/pair?code=…`, opened from the QR code on a logged-in device. Rendering the page claims
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
  return (
    <main className="login">
      <h1>Inquiry Hub</h1>
      <p className="pair__question">{t("pair.question")}</p>
      {code === "" ? (
        <p role="alert" className="error" data-testid="error-message">
          {t("pair.noCode")}
        </p>
      ) : (
        <PairForm code={code} />
      )}
    </main>
  );
}
