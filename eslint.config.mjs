import js from "@eslint/js";
import tseslint from "typescript-eslint";
import { agentBoundaries } from "./eslint/agent-boundaries.mjs";
import { webBoundaries } from "./eslint/web-boundaries.mjs";

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/.next/**",
      "**/dist/**",
      "**/public/**",
      "**/.turbo/**",
      "**/next-env.d.ts",
      "**/playwright-report/**",
      "**/test-results/**",
      "**/*.mjs",
      "**/*.cjs",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/switch-exhaustiveness-check": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    // The hub's dependency rule is transport -> core <- infra: core holds the domain and its
    // ports, and stays testable and portable only while it knows no framework, driver or wire.
    files: ["apps/hub/src/core/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex:
                "^(express|socket\\.io(-client)?|ioredis|web-push|openai|rate-limiter-flexible|(node:)?https?)(/.*)?$|^@(socket\\.io|modelcontextprotocol)/|^@inquiry-hub/telemetry(/|$)",
              message:
                "core stays free of frameworks, drivers and transports: declare a port in core and implement it in infra/ or transport/.",
            },
            {
              regex: "^(\\.\\./)+(infra|transport|composition|config|main|index)(/|$)",
              message:
                "core must not depend on outer layers (infra, transport, the composition root and the config): they depend on core, so core defines the port and they implement it.",
            },
          ],
        },
      ],
    },
  },
  ...webBoundaries,
  ...agentBoundaries,
);
