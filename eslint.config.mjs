import js from "@eslint/js";
import tseslint from "typescript-eslint";
import { agentBoundaries } from "./eslint/agent-boundaries.mjs";
import { hubBoundaries } from "./eslint/hub-boundaries.mjs";
import { protocolBoundaries } from "./eslint/protocol-boundaries.mjs";
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
  ...hubBoundaries,
  ...webBoundaries,
  ...agentBoundaries,
  ...protocolBoundaries,
);
