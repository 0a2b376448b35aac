import path from "node:path";
import { dataPath } from "@inquiry-hub/logging";
import { z } from "zod";
import { MIN_TOKEN_LENGTH } from "./access-token";
import { LOOPBACK_HOSTNAMES } from "./request-guards";

const commaList = (fallback: readonly string[]) =>
  z
    .string()
    .optional()
    .transform((list) =>
      list === undefined
        ? [...fallback]
        : list
            .split(",")
            .map((item) => item.trim())
            .filter((item) => item.length > 0),
    );

/**
 * The demo tools' variables. Each one's `.meta({ description })` is its documentation: the docs'
 * configuration reference is generated from this schema (`docs/scripts/`), so it cannot drift.
 */
export const EnvSchema = z.object({
  DEMO_TOOLS_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65_535)
    .default(4200)
    .meta({ description: "The demo tools' listen port." }),
  DEMO_TOOLS_HOST: z
    .string()
    .min(1)
    .default("127.0.0.1")
    .meta({ description: "The demo tools' listen interface." }),
  DEMO_TOOLS_SANDBOX_DIR: z
    .string()
    .min(1)
    .transform((directory) => path.resolve(directory))
    .optional()
    .meta({
      description:
        "The only folder `write_file` may write in; unset: `sandbox/` in the data directory.",
    }),
  DEMO_TOOLS_TOKEN: z
    .string()
    .min(MIN_TOKEN_LENGTH, `at least ${MIN_TOKEN_LENGTH} characters`)
    .optional()
    .meta({
      description:
        "Bearer token `/mcp` requires (at least 32 characters); unset: read from or created in `DEMO_TOOLS_TOKEN_FILE`.",
    }),
  DEMO_TOOLS_TOKEN_FILE: z
    .string()
    .min(1)
    .transform((file) => path.resolve(file))
    .optional()
    .meta({
      description:
        "Where the generated token is kept (mode 0600) when `DEMO_TOOLS_TOKEN` is unset; unset: `demo-tools-token` in the data directory, where the proxy config reads it as `${DATA_DIR}/demo-tools-token`.",
    }),
  DEMO_TOOLS_ALLOWED_HOSTS: commaList(LOOPBACK_HOSTNAMES).meta({
    description:
      "Comma-separated Host headers `/mcp` accepts (DNS rebinding guard); unset: `localhost`, `127.0.0.1` and `[::1]`.",
  }),
  DEMO_TOOLS_ALLOWED_ORIGINS: commaList([]).pipe(z.array(z.url())).meta({
    description:
      "Comma-separated browser origins `/mcp` accepts; unset: none (403 for any browser origin).",
  }),
});

/** The demo-tools settings, read once from the environment. */
export interface DemoToolsEnv {
  port: number;
  host: string;
  /** Absolute folder that `write_file` may write into, and nowhere else. */
  sandboxDir: string;
  /** The bearer token from DEMO_TOOLS_TOKEN; absent = read or create `tokenFile`. */
  token?: string | undefined;
  /** Where the generated token is kept (mode 0600) when DEMO_TOOLS_TOKEN is unset. */
  tokenFile: string;
  allowedHosts: string[];
  allowedOrigins: string[];
}

/**
 * The only place that reads `process.env`. Empty variables count as unset. Throws an error
 * naming every bad variable (or a relative INQUIRY_HUB_DATA_DIR), so a misconfigured process
 * stops at start-up instead of failing on its first request.
 */
export function readDemoToolsEnv(source: NodeJS.ProcessEnv = process.env): DemoToolsEnv {
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join(".")}: ${issue.message}`,
    );
    throw new Error(`Invalid demo-tools environment: ${problems.join("; ")}`);
  }
  return {
    port: parsed.data.DEMO_TOOLS_PORT,
    host: parsed.data.DEMO_TOOLS_HOST,
    sandboxDir: parsed.data.DEMO_TOOLS_SANDBOX_DIR ?? dataPath("sandbox", present),
    token: parsed.data.DEMO_TOOLS_TOKEN,
    tokenFile: parsed.data.DEMO_TOOLS_TOKEN_FILE ?? dataPath("demoToolsToken", present),
    allowedHosts: parsed.data.DEMO_TOOLS_ALLOWED_HOSTS,
    allowedOrigins: parsed.data.DEMO_TOOLS_ALLOWED_ORIGINS,
  };
}
