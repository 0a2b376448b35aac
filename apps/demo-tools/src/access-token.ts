import { randomBytes } from "node:crypto";
import { link, mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import path from "node:path";

/** Shortest token accepted, in characters: 32 base64url characters carry 192 bits. */
export const MIN_TOKEN_LENGTH = 32;

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && "code" in error && error.code === code;
}

async function readToken(file: string): Promise<string> {
  const token = (await readFile(file, "utf8")).trim();
  if (token.length < MIN_TOKEN_LENGTH)
    throw new Error(
      `demo-tools token file ${file} holds ${token.length} characters; it needs at least ${MIN_TOKEN_LENGTH} (delete it to have a new one generated)`,
    );
  return token;
}

/**
 * The bearer token of demo-tools, kept in `file` across restarts so the hub's proxy config
 * can reference the same file. The first process to start creates it: the token is written
 * in full to a private temp file (mode 0600) and then hard-linked into place, which fails if
 * another process won the race, so nobody ever reads a half-written or replaced token.
 *
 * @example await loadOrCreateToken("/home/ada/.local/share/inquiry-hub/demo-tools-token") // "k3J…" (43 characters)
 */
export async function loadOrCreateToken(file: string): Promise<string> {
  try {
    return await readToken(file);
  } catch (error) {
    if (!isErrno(error, "ENOENT")) throw error;
  }
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  await writeFile(temporary, `${randomBytes(32).toString("base64url")}\n`, {
    mode: 0o600,
    flag: "wx",
  });
  try {
    await link(temporary, file);
  } catch (error) {
    if (!isErrno(error, "EEXIST")) throw error;
  } finally {
    await unlink(temporary);
  }
  return readToken(file);
}
