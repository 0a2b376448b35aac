import { redirect } from "next/navigation";
import { readToken } from "@/lib/server/session";
import { landingPath } from "./landing-path";

/**
 * `/`, where logins land too: the login page when signed out, else where the person is
 * needed (a waiting question's inbox, a chat still working, or a new chat).
 */
export default async function HomePage(): Promise<never> {
  const token = await readToken();
  redirect(token === undefined ? "/login" : await landingPath(token));
}
