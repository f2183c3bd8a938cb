/**
 * Where this package lives: the folder holding `package.json`, `src/`, `notebooks/` and `lessons/`.
 * This file compiles to `dist/packageRoot.js`, one level below the root either way.
 */
import { join } from "node:path";

/** The package root, absolute. */
export const PACKAGE_ROOT = join(__dirname, "..");
