import { readFile } from "node:fs/promises";
import path from "node:path";
import { dataDirectory } from "@inquiry-hub/logging";
import { z } from "zod";
import type { UpstreamHeader } from "../proxy-policy";

/** What a proxy config may refer to besides its own text: the environment and its folder. */
export interface ConfigContext {
  /** Relative `file` references resolve against this folder: the config file's own. */
  baseDir: string;
  /**
   * The hub's environment, as env.ts read it: `env` references look names up here, and
   * `${DATA_DIR}` follows its INQUIRY_HUB_DATA_DIR.
   */
  env: Readonly<Record<string, string | undefined>>;
}

/**
 * Where a secret `file` may start: the data directory (INQUIRY_HUB_DATA_DIR, else the per-user
 * one) as the hub's environment names it, so a config can reach the token demo-tools keeps
 * there without naming a user's home.
 */
export const DATA_DIR_PLACEHOLDER = "${DATA_DIR}";

function hasOnlyLeadingPlaceholder(file: string): boolean {
  return (
    file.startsWith(`${DATA_DIR_PLACEHOLDER}/`) &&
    !file.slice(DATA_DIR_PLACEHOLDER.length).includes("${")
  );
}

/**
 * The path of a secret `file`: under the data directory for `${DATA_DIR}/…`, else relative to
 * the config's folder. Throws when INQUIRY_HUB_DATA_DIR is set but not an absolute path.
 */
function secretFilePath(file: string, context: ConfigContext): string {
  if (!file.startsWith(DATA_DIR_PLACEHOLDER)) return path.resolve(context.baseDir, file);
  return path.join(dataDirectory(context.env), file.slice(DATA_DIR_PLACEHOLDER.length));
}

const ReferenceSchema = z
  .strictObject({
    /** Environment variable holding the secret; wins over `file` when set. */
    env: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "expected an environment variable name")
      .optional(),
    /**
     * File holding the secret (surrounding whitespace ignored): relative to the config file,
     * or under the data directory when it starts with `${DATA_DIR}/`.
     */
    file: z
      .string()
      .min(1)
      .refine((file) => !file.includes("${") || hasOnlyLeadingPlaceholder(file), {
        message: `the only placeholder is ${DATA_DIR_PLACEHOLDER}, at the start: "${DATA_DIR_PLACEHOLDER}/demo-tools-token"`,
      })
      .optional(),
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
 * @example { "authorization": { "prefix": "Bearer ", "env": "DEMO_TOOLS_TOKEN", "file": "${DATA_DIR}/demo-tools-token" } }
 */
export function headerValueSchema(context: ConfigContext) {
  return z.union([z.string(), ReferenceSchema]).transform((raw, issues): UpstreamHeader => {
    if (typeof raw === "string") return { kind: "value", value: raw };
    const fromEnv = raw.env === undefined ? undefined : context.env[raw.env];
    if (fromEnv !== undefined && fromEnv !== "")
      return { kind: "value", value: `${raw.prefix}${fromEnv}` };
    if (raw.file !== undefined) {
      try {
        return { kind: "file", path: secretFilePath(raw.file, context), prefix: raw.prefix };
      } catch (error) {
        issues.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }
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
