import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import type { UpstreamHeader } from "../../core/approvals/proxy-policy";

/** What a proxy config may refer to besides its own text: the environment and its folder. */
export interface ConfigContext {
  /** Relative `file` references resolve against this folder: the config file's own. */
  baseDir: string;
  /** The hub's environment, as env.ts read it; `env` references look names up here. */
  env: Readonly<Record<string, string | undefined>>;
}

const ReferenceSchema = z
  .strictObject({
    /** Environment variable holding the secret; wins over `file` when set. */
    env: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "expected an environment variable name")
      .optional(),
    /** File holding the secret (surrounding whitespace ignored); relative to the config file. */
    file: z.string().min(1).optional(),
    /** Text put before the secret, e.g. "Bearer ". */
    prefix: z.string().max(64).default(""),
  })
  .refine((reference) => reference.env !== undefined || reference.file !== undefined, {
    message: "a secret reference needs env, file or both",
  });

/**
 * A header value in the config: a literal string, or `{ env?, file?, prefix? }` so secrets
 * stay out of the committed file. An `env` reference is resolved once, at load; when the
 * variable is unset the `file` is used, and with no file the config is refused.
 *
 * @example { "authorization": { "prefix": "Bearer ", "env": "DEMO_TOOLS_TOKEN", "file": "../.data/demo-tools-token" } }
 */
export function headerValueSchema(context: ConfigContext) {
  return z.union([z.string(), ReferenceSchema]).transform((raw, issues): UpstreamHeader => {
    if (typeof raw === "string") return { kind: "value", value: raw };
    const fromEnv = raw.env === undefined ? undefined : context.env[raw.env];
    if (fromEnv !== undefined && fromEnv !== "")
      return { kind: "value", value: `${raw.prefix}${fromEnv}` };
    if (raw.file !== undefined)
      return { kind: "file", path: path.resolve(context.baseDir, raw.file), prefix: raw.prefix };
    issues.addIssue({
      code: "custom",
      message: `environment variable ${raw.env ?? ""} is not set and no file is given`,
    });
    return z.NEVER;
  });
}

/**
 * The headers to send on a new upstream connection. Throws an Error naming the header and
 * the file when a secret file cannot be read or is empty, so the agent's initialize fails
 * with a 502 that says what to fix.
 */
export async function resolveUpstreamHeaders(
  headers: Readonly<Record<string, UpstreamHeader>>,
): Promise<Record<string, string>> {
  const entries = await Promise.all(
    Object.entries(headers).map(async ([name, header]): Promise<[string, string]> => {
      if (header.kind === "value") return [name, header.value];
      let secret: string;
      try {
        secret = (await readFile(header.path, "utf8")).trim();
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`cannot read the secret of header ${name} from ${header.path}: ${reason}`, {
          cause: error,
        });
      }
      if (secret === "")
        throw new Error(`the secret file of header ${name} is empty: ${header.path}`);
      return [name, `${header.prefix}${secret}`];
    }),
  );
  return Object.fromEntries(entries);
}
