import { redirect } from "next/navigation";
import { readToken } from "@/lib/server/session";

/** `/`: the chat when logged in, the login page otherwise. */
export default async function HomePage(): Promise<never> {
  redirect((await readToken()) === undefined ? "/login" : "/chat");
}
