// The layers of src/, as rules dependency-cruiser checks (`npm run lint`, so `npm test`). Bottom to top:
//   protocol/              what both sides share: revisions, `_meta` keys, error codes, fault names,
//                          the reading of the server log
//   sim/                   the simulator's machinery
//   world/, fleet/         the fictional servers and the fleet
//   simulatedClient/       lesson 7's simulated client      server/   the real servers
//   wireClient/            the real client (MCP over stdio); neither client imports server/, nor it them
//   notebook/, charts/     running and exporting notebooks, drawing charts: they know no lesson
//   lessons/               what each lesson computes and prints
//   sweep/                 the seed sweep over the lessons
//   cli/, build/, index.ts the command line, the build, the barrel notebooks import: nothing imports them
// packageRoot.ts (where the package is) and serve.ts (the server's launcher, which starts
// cli/serveMain.ts) are leaves beside the layers. A violation prints the rule's name and fails.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import circle, type-only ones included: no layer can be read without the other.",
      from: {},
      to: { circular: true },
    },
    {
      name: "protocol-imports-nothing",
      severity: "error",
      comment: "protocol/ is the bottom layer: it imports nothing of the project.",
      from: { path: "^src/protocol/" },
      to: { path: "^src/", pathNot: "^src/protocol/" },
    },
    {
      name: "sim-only-protocol",
      severity: "error",
      comment: "sim/ uses only protocol/ (and itself).",
      from: { path: "^src/sim/" },
      to: { path: "^src/", pathNot: "^src/(sim|protocol)/" },
    },
    {
      name: "world-fleet-below-roles",
      severity: "error",
      comment:
        "world/ and fleet/ use sim/ and protocol/ (and each other), no server, client, notebook, lesson or CLI code.",
      from: { path: "^src/(world|fleet)/" },
      to: { path: "^src/", pathNot: "^src/(world|fleet|sim|protocol)/" },
    },
    {
      name: "clients-not-server",
      severity: "error",
      comment: "Neither client (lesson 7's simulated one, the real one) imports the real server.",
      from: { path: "^src/(simulatedClient|wireClient)/" },
      to: { path: "^src/server/" },
    },
    {
      name: "server-not-clients",
      severity: "error",
      comment: "The real server imports no client.",
      from: { path: "^src/server/" },
      to: { path: "^src/(simulatedClient|wireClient)/" },
    },
    {
      name: "roles-below-lessons",
      severity: "error",
      comment:
        "The server and the clients use world/, fleet/, sim/, protocol/ (and the leaves), never a lesson, notebook, sweep or CLI code.",
      from: { path: "^src/(server|simulatedClient|wireClient)/" },
      to: { path: "^src/(lessons|notebook|charts|sweep|cli|build)/|^src/index\\.ts$" },
    },
    {
      name: "notebook-no-lesson",
      severity: "error",
      comment: "notebook/ and charts/ know no lesson: they use only themselves and packageRoot.ts.",
      from: { path: "^src/(notebook|charts)/" },
      to: { path: "^src/", pathNot: "^src/(notebook|charts)/|^src/packageRoot\\.ts$" },
    },
    {
      name: "lessons-below-sweep-and-cli",
      severity: "error",
      comment:
        "lessons/ use the server, the clients, world/, fleet/, sim/, protocol/, notebook/ and charts/; never the sweep, the build or the barrel.",
      from: { path: "^src/lessons/" },
      to: { path: "^src/(sweep|build)/|^src/index\\.ts$" },
    },
    {
      name: "only-cli-imports-cli",
      severity: "error",
      comment:
        "Nothing outside cli/ imports cli/, except the server's launcher, which starts cli/serveMain.ts when there is no bundle.",
      from: { path: "^src/", pathNot: "^src/cli/|^src/serve\\.ts$" },
      to: { path: "^src/cli/" },
    },
    {
      name: "launcher-starts-only-serve-main",
      severity: "error",
      comment: "serve.ts loads nothing of ours but packageRoot.ts and, unbundled, cli/serveMain.ts.",
      from: { path: "^src/serve\\.ts$" },
      to: { path: "^src/", pathNot: "^src/packageRoot\\.ts$|^src/cli/serveMain\\.ts$" },
    },
    {
      name: "nothing-imports-entries",
      severity: "error",
      comment: "The barrel (index.ts) and the build are entries: no module of src/ imports them.",
      from: { path: "^src/" },
      to: { path: "^src/index\\.ts$|^src/build/" },
    },
    {
      name: "src-not-test-or-bench",
      severity: "error",
      comment: "src/ never imports tests or benchmarks.",
      from: { path: "^src/" },
      to: { path: "^(test|bench)/" },
    },
  ],
  options: {
    // Type-only imports count: a circle through `import type` is a circle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(dist|node_modules)/" },
    moduleSystems: ["cjs", "es6"],
  },
};
