import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { verifyAuditExport } from "./features/audit/verify-export";

/**
 * `npm run audit:verify -- export.jsonl [--public-key key.pem]`: checks an audit export and
 * prints one line; exit 0 when every chain is intact, 1 naming the first problem, 2 on usage.
 */
async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { "public-key": { type: "string" } },
  });
  const [file] = positionals;
  if (file === undefined || positionals.length > 1) {
    process.stderr.write("usage: audit:verify <export.jsonl> [--public-key <key.pem>]\n");
    return 2;
  }
  // npm runs the root script from the repository root; paths are the caller's own.
  const from = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);
  const keyFile = values["public-key"];
  const publicKey = keyFile === undefined ? undefined : await readFile(from(keyFile), "utf8");
  const result = verifyAuditExport(await readFile(from(file), "utf8"), publicKey);
  if (result.valid) {
    process.stdout.write(`${result.summary}\n`);
    return 0;
  }
  process.stderr.write(`invalid: ${result.problem}\n`);
  return 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `audit:verify failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 2;
  },
);
