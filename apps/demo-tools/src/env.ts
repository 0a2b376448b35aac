import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

const EnvSchema = z.object({
  DEMO_TOOLS_PORT: z.coerce.number().int().min(0).max(65_535).default(4200),
  DEMO_TOOLS_HOST: z.string().min(1).default("127.0.0.1"),
  DEMO_TOOLS_SANDBOX_DIR: z
    .string()
    .min(1)
    .default(path.join(repositoryRoot, ".data", "sandbox"))
    .transform((directory) => path.resolve(directory)),
});

/** The demo-tools settings, read once from the environment. */
export interface DemoToolsEnv {
  port: number;
  host: string;
  /** Absolute folder that `write_file` may write into, and nowhere else. */
  sandboxDir: string;
}

/**
 * The only place that reads `process.env`. Throws an error naming every bad variable, so
 * a misconfigured process stops at start-up instead of failing on its first request.
 */
export function readDemoToolsEnv(source: NodeJS.ProcessEnv = process.env): DemoToolsEnv {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join(".")}: ${issue.message}`,
    );
    throw new Error(`Invalid demo-tools environment: ${problems.join("; ")}`);
  }
  return {
    port: parsed.data.DEMO_TOOLS_PORT,
    host: parsed.data.DEMO_TOOLS_HOST,
    sandboxDir: parsed.data.DEMO_TOOLS_SANDBOX_DIR,
  };
}
