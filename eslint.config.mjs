// ESLint's flat config: typescript-eslint's recommended rules without type information (fast: no
// type checker runs; `tsc -p tsconfig.check.json` does the type checking), the course's bans on
// Math.random and Date.now in src/ (STYLE: a seeded generator and a virtual clock instead: same seed,
// same bytes), and code lines of at most 120 characters. Prettier formats; this only checks.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "lessons/**", "data/**", "notebooks/**", "test/fixtures/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: {
        process: "readonly",
        console: "readonly",
        Buffer: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        setInterval: "readonly",
        clearInterval: "readonly",
        setImmediate: "readonly",
        clearImmediate: "readonly",
        queueMicrotask: "readonly",
        URL: "readonly",
        TextEncoder: "readonly",
        TextDecoder: "readonly",
        AbortController: "readonly",
        AbortSignal: "readonly",
        structuredClone: "readonly",
        performance: "readonly",
        require: "readonly",
        module: "writable",
        __dirname: "readonly",
        __filename: "readonly",
        exports: "writable",
        NodeJS: "readonly",
        globalThis: "readonly",
      },
    },
    rules: {
      "max-len": [
        "error",
        {
          code: 120,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignoreComments: true,
          ignoreUrls: true,
          ignoreRegExpLiterals: true,
        },
      ],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      // The package is CommonJS, and its lazy `require`s are deliberate: a command loads only what it runs.
      "@typescript-eslint/no-require-imports": "off",
      // Parsed JSON lines read field by field (lessons' exchanges, tests); tsc's strict mode checks the rest.
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    files: ["src/**/*.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "Math",
          property: "random",
          message: "Outputs come from a seed: use the seeded generator (sim/generator.ts).",
        },
        {
          object: "Date",
          property: "now",
          message: "No wall clock in outputs: take a clock as a parameter, or use performance.now() for measured time.",
        },
      ],
    },
  },
);
