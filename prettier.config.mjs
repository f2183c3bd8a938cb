// Prettier's settings. Code lines are at most 120 characters; in src/, at most 100, because a lesson
// may list any declaration of src/ (`showSource`), and a lesson's page is 100 characters wide.
export default {
  printWidth: 120,
  semi: true,
  singleQuote: false,
  trailingComma: "all",
  arrowParens: "always",
  endOfLine: "lf",
  overrides: [{ files: "src/**/*.ts", options: { printWidth: 100 } }],
};
