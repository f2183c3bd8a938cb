// `node --require dist/notebook/compileCachePreload.js …`: the compile cache (compileCache.ts) in
// its default folder, installed before the process loads anything else. The tslab engine's worker
// and the Jupyter kernel start with it (compileCacheArgs).
import { installCompileCache } from "./compileCache";

installCompileCache();
