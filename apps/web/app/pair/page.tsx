import type { Metadata } from "next";
import { PairForm } from "@/features/devices/pair-form";

export const metadata: Metadata = { title: "Pair this device · Inquiry Hub" };

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
  return (
    <main className="login">
      <h1>Inquiry Hub</h1>
      <p className="pair__question">Log in on this device as the same user?</p>
      {code === "" ? (
        <p role="alert" className="error" data-testid="error-message">
          This pairing link has no code. Open the link shown on your other device again.
        </p>
      ) : (
        <PairForm code={code} />
      )}
    </main>
  );
}
