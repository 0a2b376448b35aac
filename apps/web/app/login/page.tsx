import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/features/auth/login-form";
import { readToken } from "@/lib/session";

export const metadata: Metadata = { title: "Log in · Inquiry Hub" };

export default async function LoginPage() {
  if ((await readToken()) !== undefined) redirect("/chat");
  return (
    <main className="login">
      <h1>Inquiry Hub</h1>
      <p className="hint">Log in, or create an account, to chat with the agent.</p>
      <LoginForm />
    </main>
  );
}
