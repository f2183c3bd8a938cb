/**
 * mcp-course: the whole library, as the package's root exports it.
 *
 * Notebooks run on the tslab kernel, which compiles cells with its own TypeScript and cannot
 * compile files outside the notebook's folder (https://github.com/yunabe/tslab/issues/63), so they import this library by
 * its package name, built to `dist/` with declarations. Each lesson's notebook imports from its
 * own module, `mcp-course/lessons/<folder>` (`src/lessons/<folder>/index.ts`), which exports the
 * names that notebook uses; this root exports the same names and the rest, for a reader's own cells
 * (`import { … } from "mcp-course"`).
 */
export { DEFAULT_SEED, MAX_SEED, isSeed, checkSeed, parseSeed } from "./sim/seed";
export { referenceGenerator, hashSeed, type Draw } from "./sim/generator";
export { tokenize, TOKEN_LENGTH, wordTokens, type WordTokens } from "./sim/tokenizer";
export {
  Envelope,
  ENVELOPE_TOKENS,
  REMOTE_ROUND_TRIPS,
  type EnvelopeCounts,
  type MessageKind,
  type Transport,
} from "./sim/envelope";
export type { Handler, WorldServer, ServerTool, ServerFacts, ToolFacts } from "./sim/server";
export {
  declare,
  LEVELS,
  ALL_LEVELS,
  type Level,
  type ServerDeclaration,
  type ToolDeclaration,
} from "./sim/declaration";
export {
  negotiate,
  handshake,
  agreeOn,
  bindHandlers,
  type NegotiatedTool,
  type ClientPolicy,
  type DroppedTool,
  type DropReason,
  type Negotiation,
} from "./sim/negotiation";
export { callTool, describeFields, NOT_DECLARED, NO_APPROVAL, type Session } from "./sim/client";
export { pyStr, pyEquals, type Fields, type Value } from "./sim/values";

export {
  REGIONS,
  SUBSCRIBER_TYPES,
  SUBSCRIBER_COUNT,
  drawSubscribers,
  SUBSCRIBER_IDS,
  consumption,
  countByRegion,
  type Subscriber,
  type Subscribers,
  type RegionCounts,
} from "./world/subscribers";
export { TIERS, ABOVE_TOP_TIER, COMMERCIAL_FACTOR, charge } from "./world/tariff";
export {
  createHandlers,
  NO_SUBSCRIBER,
  MISSING_FIELD,
  NO_REGION,
  HANDLER_ERRORS,
  ANSWER_KEYS,
  type Handlers,
} from "./world/handlers";
export {
  createServers,
  ALLOWLIST,
  WIDE_ALLOWLIST,
  KNOWN_VERSIONS,
  LESSON_POLICY,
  WIDE_POLICY,
  SERVER_FACTS,
  WORLD_WORDS,
  type WorldServerFacts,
} from "./world/servers";
export {
  LESSON_HANDSHAKES,
  WIDE_HANDSHAKES,
  frozenHandshake,
  worldHandshake,
  type Handshake,
} from "./world/handshakes";
export {
  CHAINS,
  TASK_TYPES,
  TASK_COUNT,
  drawTasks,
  expectedAnswer,
  withExpectedAnswers,
  type Task,
  type TaskType,
  type TaskWithAnswer,
} from "./world/tasks";
export { createWorld, type World } from "./world/world";
export {
  openSession,
  openSharedSession,
  measureHandshake,
  handshakeRow,
  handshakeCounts,
  runTask,
  runTasks,
  TaskWalk,
  RECORD_COLUMN,
  RUN_COUNTS,
  type HandshakeRow,
  type RunRow,
  type RunOptions,
  type TaskOutcome,
  type OpenedSession,
} from "./world/runTasks";

export {
  simulateWritingAServer,
  knowingKayit,
  withoutVersionRule,
  WIDE_CASES,
  gateRun,
  gateReadings,
  type GateReadingRow,
  type SilenceReading,
  type LevelThree,
  type WritingAServerResult,
  type WideRow,
} from "./lessons/writingAServer/simulate";
export {
  handshakeMessages,
  writingAServerSolutions,
  annotationBytes,
  type CountedMessage,
} from "./lessons/writingAServer/prose";
export {
  formatDeclarationTable,
  formatHandshakeTable,
  formatHandshakeMessages,
  formatRunTable,
  formatSecondRunLine,
  formatWideTable,
  formatGateTable,
  formatWritingAServer,
  formatMcpDeclarations,
  mcpToolListBytes,
  formatServedLines,
  formatMinimalServerLines,
  formatMinimalHttp,
} from "./lessons/writingAServer/tables";
export {
  captureServerLines,
  emptyCallLines,
  minimalServerRun,
  minimalServerCalls,
  MINIMAL_SERVER_SCRIPT,
  minimalHttpRun,
  MINIMAL_HTTP_SERVER_SCRIPT,
  type WritingAServerWire,
  type MinimalServerRun,
  type MinimalHttpRun,
} from "./lessons/writingAServer/wire";
export { createOlcumServer } from "./lessons/writingAServer/olcumServer";
export { writingAServerJson, type WritingAServerJson } from "./lessons/writingAServer/json";
export { LESSONS, findLesson, type LessonEntry } from "./lessons/catalog";
export {
  describeSeeds,
  readBesideMcp,
  readGates,
  readHandshake,
  readHandshakeWords,
  readSecondRun,
  readWide,
} from "./lessons/writingAServer/prose";
export {
  showSource,
  showFile,
  findSource,
  formatListing,
  listingText,
  PROVENANCE_TAG,
  type SourceExcerpt,
} from "./lessons/showSource";
export { show, showForms, chartText, type DisplayForms } from "./lessons/show";
export { jupyterAvailable } from "./notebook";

// Lesson 8: the fleet beside the fictional servers.
export {
  DEVICE_MODELS,
  MODEL_NAMES,
  SITES,
  FLEET_SIZE,
  RANKABLE_FIELDS,
  LOW_HOURS,
  LOW_HOURS_SHARE,
  MAX_ROWS,
  DEFAULT_ROWS,
  MIN_RISK,
  MAX_RISK,
  DEVICE_ID_PATTERN,
  type DeviceModel,
  type RankableField,
} from "./fleet/catalog";
export { generateFleet, type Device, type Fleet } from "./fleet/generator";
export {
  FLEET_TOOL_DEFINITIONS,
  FLEET_TOOL_NAMES,
  createFleetHandlers,
  matchingDevices,
  countMatching,
  rankBy,
  topBy,
  type ToolDefinition,
  type JsonSchema,
  type ToolArguments,
  type FleetHandler,
  type FleetToolName,
} from "./fleet/tools";
export {
  TASK_QUESTION,
  solveTask,
  answerFor,
  higherRate,
  taskIsWorthAsking,
  gradeAnswer,
  type TaskAnswer,
  type TaskTruth,
} from "./fleet/groundTruth";
export {
  ERROR_CODES,
  PROTOCOL_VERSION,
  mcpErrorText,
  type JsonRpcRequest,
  type JsonRpcNotification,
  type JsonRpcResponse,
  type JsonRpcError,
  type JsonRpcServer,
  type CallToolResult,
} from "./fleet/protocol";
export {
  PATH_NAMES,
  FLEET_SERVER_NAME,
  FLEET_VERSION,
  callDirect,
  outcomeOf,
  createRawServer,
  createValidatingServer,
  createPathServer,
  noSuchTool,
  unknownToolError,
  type PathName,
  type Channel,
  type ToolOutcome,
  type ToolCall,
} from "./fleet/paths";
export {
  CONDITIONS,
  LATENCY_MICROS,
  CRASH_ON_CALL,
  findCondition,
  type Condition,
  type Fault,
} from "./fleet/conditions";
export {
  FleetClient,
  LOCAL_FAILURES,
  SERVER_GONE,
  NOT_CONNECTED,
  type ClientStats,
} from "./fleet/client";
export {
  SHORTCUT,
  THOROUGH,
  AGENT_POLICIES,
  MAX_RETRIES,
  BAND_HOURS,
  WAVE_BANDS,
  type AgentPolicy,
  type AgentRun,
} from "./fleet/agents";
export {
  runAgent,
  runMatrix,
  TURN_CAP,
  type AgentRunRecord,
  type AgentOutcome,
} from "./fleet/runAgents";
export {
  MALFORMED_CALLS,
  probeMalformedCalls,
  type MalformedCall,
  type MalformedRow,
} from "./fleet/malformed";
export {
  createFleetServer,
  runFleetChain,
  walkFleetChain,
  type FleetChainOutcome,
  FLEET_POLICY,
  FLEET_CHAIN,
  FLEET_STATE,
  type FleetLevelRow,
} from "./fleet/server";
export {
  simulateFleetLesson,
  type FleetLessonResult,
  type ModelSummary,
  type BandTurn,
  type FailureTexts,
  type PagedBand,
  type ReadDevice,
} from "./lessons/fleetBehindTheBoundary/simulate";
export {
  formatFleetTable,
  formatGroundTruth,
  formatToolTable,
  formatSchemaTable,
  formatLevelTable,
  formatChannelTable,
  formatMalformedTable,
  formatConditionTable,
  formatBoundaryTable,
  formatAnswerTable,
  formatFailureTexts,
  formatSlowHttp,
  formatTurnTable,
  formatFleetLesson,
  formatRate,
  channelCode,
  answerCode,
  wrapQuoted,
  ANSWER_CODES,
  REFERENCE_CHANNELS,
} from "./lessons/fleetBehindTheBoundary/tables";
export {
  runFleetLines,
  runSlowLines,
  runSlowHttp,
  type SlowHttpCall,
} from "./lessons/fleetBehindTheBoundary/wire";
export {
  fleetLessonJson,
  type FleetLessonJson,
  type ConditionRowJson,
  type OutcomeJson,
} from "./lessons/fleetBehindTheBoundary/json";
export { formatTextTable, formatMarkdownTable, type Cell } from "./lessons/textTable";
export { LINE_WIDTH } from "./notebook/lineWidth";
export { wrapWords } from "./lessons/wrapProse";
export {
  describeFleetSeed,
  describeAgents,
  readGroundTruth,
  readConditions,
  solveExercises,
  readSlowHttp,
} from "./lessons/fleetBehindTheBoundary/prose";

// Charts: vega-lite specs rendered to SVG with vega.
export { renderSvg, chartAltText, type ChartSpec } from "./charts/render";
export { conditionsChart } from "./lessons/fleetBehindTheBoundary/charts";

// Seed sweeps: a lesson over many seeds, every count's distribution, its claims checked.
export { Tally, distributionOf, type Distribution } from "./sweep/distribution";
export {
  WRITING_A_SERVER_COUNTS,
  FLEET_COUNTS,
  HANDSHAKE_COUNTS,
  CONDITION_COUNTS,
  CONDITION_ROWS,
  type CountGroup,
  type RowKey,
} from "./sweep/counts";
export {
  WRITING_A_SERVER_CLAIMS,
  FLEET_CLAIMS,
  FEW_TOKENS,
  LESSON_8_SERVERS,
  type Claim,
} from "./sweep/claims";
export {
  sweep,
  sweepLesson,
  checkSweepRange,
  SWEEP_LESSONS,
  SWEEP_NAMES,
  WRITING_A_SERVER_SWEEP,
  FLEET_SWEEP,
  FAILURES_KEPT,
  type SweepLesson,
  type SweepName,
  type SweepOptions,
  type SweepResult,
  type SweepGroup,
  type SweepRow,
  type ClaimTally,
  type SweepChartChoice,
} from "./sweep/sweep";
export { formatSweep, formatSweepGroup, formatClaims } from "./sweep/tables";
export {
  sweepJson,
  type SweepJson,
  type SweepRowJson,
  type DistributionJson,
  type ClaimJson,
} from "./sweep/json";
export { sweepChartSpec, sweepChartData, type SweepChartDatum } from "./sweep/chart";

// Lesson 7: the client — discovery as MCP spells it, per task or per session, and the silent drop.
export {
  DISCOVERY_METHODS,
  capabilitiesOf,
  discoveryMessages,
  legacyDiscoveryMessages,
  listMessages,
  statelessDiscoveryMessages,
  type Capability,
  type DiscoveryMessage,
} from "./simulatedClient/messages";
export {
  discoverServer,
  discoveryToSend,
  sendDiscovery,
  measureDiscovery,
  subtractCounts,
  addCounts,
  NO_COUNTS,
  type SentMessage,
  type DiscoveryRow,
} from "./simulatedClient/discovery";
export { connectClient, type Connection } from "./simulatedClient/connect";
export { runFleetTask } from "./simulatedClient/fleetTask";
export {
  clientTasks,
  chainOf,
  runClientTask,
  FLEET_TASK_LABEL,
  type ClientTask,
} from "./simulatedClient/tasks";
export { openedSessions, type OpenedSessions } from "./simulatedClient/session";
export {
  runClient,
  runWithDiscovery,
  discoveryGrowth,
  DISCOVERY_MODES,
  type ConnectedRun,
  type DiscoveryStep,
  type DiscoveryMode,
  type ClientSetup,
  type ClientRun,
  type GrowthRow,
} from "./simulatedClient/session";
export {
  reportDrops,
  describeDrop,
  endedInClient,
  dropVisibility,
  traceFailures,
  type DropReport,
  type DropVisibilityRow,
  type FailedTask,
} from "./simulatedClient/drops";
export {
  runReportedClient,
  CLIENT_KINDS,
  type ClientKind,
  type ReportedRun,
} from "./simulatedClient/reporting";
export {
  simulateWritingAClient,
  CLIENT_LEVEL,
  DROPPED_SERVER,
  KEPT_SERVER,
  FLEET_SITES,
  type CurrentRuns,
  type WritingAClientResult,
} from "./lessons/writingAClient/simulate";
export {
  formatFleetTools,
  COUNT_TITLES,
  COUNT_KEY,
  GROWTH_KEY,
} from "./lessons/writingAClient/tables";
export {
  formatTranscript,
  sumDiscovery,
  formatDiscoveryTable,
  formatAllModesTable,
  currentDiscoveryOf,
  discoveredBefore,
  tokenRatio,
  formatGrowthTable,
  formatClientResult,
  formatClientReports,
  formatRefusalResults,
  formatDiscoveryParts,
  formatWritingAClient,
} from "./lessons/writingAClient/tables";
export { solveClientExercises } from "./lessons/writingAClient/prose";
export {
  describeClientSeed,
  describeFleetTask,
  readDiscovery,
  readToolNames,
  readAllModes,
  readNameWord,
  readReport,
  summarizeClient,
} from "./lessons/writingAClient/prose";
export {
  prefixToolNames,
  sharedToolNames,
  formatPrefixedNames,
  PREFIX_SEPARATOR,
  type ConfiguredServer,
  type PrefixedTool,
} from "./lessons/writingAClient/toolNames";
export {
  runWritingAClientOnTheWire,
  formatDiscoveryLines,
  formatCurrentLines,
  formatErrorChannels,
  formatListenLines,
  showCurrentClient,
  CURRENT_CALLS,
  CURRENT_CLIENT_FILE,
  CALLED_SERVER,
  REFUSED_CALL,
  type WritingAClientWire,
  type ListedTool,
} from "./lessons/writingAClient/wire";
export { currentServer, callInCurrentRevision } from "./lessons/writingAClient/currentClient";
export {
  runCurrentClientOverHttp,
  formatHttpRun,
  type HttpClientRun,
} from "./lessons/writingAClient/httpClient";
export {
  useServer,
  spawnServer,
  runSdkClient,
  type IntendedCall,
  type ServerUse,
  type SdkClientRun,
} from "./lessons/writingAClient/sdkClient";

// The simulator in both eras (legacy 2025-11-25, stateless 2026-07-28): each era's protocol fields as words, the stateless envelope, a client's cache.
export {
  PROTOCOL_ERAS,
  LEGACY_REVISION,
  ERA_REVISIONS,
  CLIENT_INFO,
  VERSION_WORD,
  RESULT_TYPE_COMPLETE,
  PROTOCOL_FIELDS,
  DISCOVER_VERSIONS,
  CACHE_TTL_MS,
  identityWords,
  wordsTokens,
  partsTokens,
  partsWords,
  requestFields,
  initializeParams,
  resultFields,
  resultParts,
  requestParts,
  type ProtocolEra,
  type ProtocolField,
  type BodyPart,
  type Identity,
} from "./sim/eras";
export { StatelessEnvelope, eraEnvelope } from "./sim/statelessEnvelope";
export { ResultCache } from "./simulatedClient/cache";
export { ERA_MODES, DEFAULT_TASK_SPACING_MS, type TaskStep } from "./simulatedClient/session";
export { type DiscoveryOptions } from "./simulatedClient/discovery";

// Lesson 10, "Without a Session": the simulated half (the real-wire half is `withoutASession/wire.ts`).
export {
  crossingOf,
  belowThroughout,
  crossingText,
  type Crossing,
  type TaskPoint,
  type PointSeries,
} from "./lessons/withoutASession/crossing";
export {
  simulateWithoutASession,
  SESSION_LESSON_LEVEL,
  PRICED_SERVER,
  ERA_VARIANTS,
  type WithoutASessionResult,
  type WithoutASessionOptions,
  type EraVariant,
  type EraRunRow,
  type CumulativePoint,
  type LessonSixEras,
  type ModeRow,
  type DiscoveryModes,
  type MessageCostRow,
  type FieldCostRow,
  type MessageCosts,
} from "./lessons/withoutASession/simulate";
export {
  formatEraRuns,
  formatModes,
  formatCacheRefetches,
  formatMessageCosts,
  formatFieldCosts,
  formatWithoutASession,
  perCallText,
  FIELD_LEGEND,
} from "./lessons/withoutASession/simTables";

// Real MCP servers over stdio: the world's three servers and the fleet on the SDK's low-level Server.
export { serve, type ServeOptions, type ServeIo, type ServeSummary } from "./server/stdioServer";
export {
  LineTransport,
  MAX_LINE_BYTES,
  isPlainRequestOrNotification,
  type LineTransportStats,
  type LineEvent,
} from "./server/lineTransport";
export {
  LEVEL_FLAGS,
  UNDECLARED_VERSION,
  WORLD_FIELD_SCHEMAS,
  annotationsOf,
  worldToolList,
  fleetToolList,
  declaredVersion,
} from "./server/declarations";
export {
  SERVER_NAMES,
  SERVED_PATHS,
  worldServed,
  fleetServed,
  type ServerName,
  type ServedPath,
} from "./server/servedServers";
export {
  createMcpServer,
  capabilitiesOf as servedCapabilities,
  ProtocolError,
  type ServedServer,
  type ServedPrompt,
  type CallHooks,
} from "./server/mcpServer";
export { SERVE_FAULT_NAMES, type ServeFaultName } from "./protocol/faults";
export { SERVE_FAULT_OF } from "./fleet/conditions";
export {
  DEFAULT_SLOW_MS,
  CRASH_EXIT_CODE,
  SLOW_TOOL,
  NO_FAULT,
  parseFault,
  faultWord,
  strayText,
  FaultInjector,
  type ServeFault,
} from "./server/faults";
export {
  ServeLog,
  LOG_FLUSH_MS,
  argumentBytes,
  jsonBytes,
  type CallRecord,
  type LogSink,
} from "./server/log";
export {
  RESOURCE_MIME_TYPE,
  resourceUri,
  resourceText,
  servedResources,
  type ServedResource,
} from "./server/resources";
export {
  CHARGE_PROMPT,
  CHARGE_PROMPT_LISTING,
  chargePrompt,
  PromptArgumentError,
} from "./server/prompts";

// The real client: the simulator's chain, gates, decision and agents driven over real `mcp-course serve` processes.
export {
  taskChain,
  tallyTasks,
  type ChainCall,
  type TaskChain,
  type TaskTally,
} from "./world/runTasks";
export { gateCall, type GateResult } from "./sim/client";
export {
  decideOn,
  type DeclaredServer,
  type NegotiatedDeclaration,
  type Decision,
} from "./sim/negotiation";
export {
  cappedRun,
  driveAgent,
  driveAgentAsync,
  type AgentVerdict,
  type CappedRun,
} from "./fleet/runAgents";
export {
  TrafficMeter,
  messageKind,
  messageBytes,
  addTraffic,
  subtractTraffic,
  noTraffic,
  UNKNOWN_METHOD,
  bodilessMethod,
  type ByteCount,
  type DirectionCounts,
  type TrafficCounts,
  type WireMessage,
  type HttpBytes,
  type HttpExchange,
  type HttpExchangeCount,
  type HttpTraffic,
} from "./wireClient/trafficCounts";
export {
  meteredFetch,
  HTTP_CONNECTION_MODES,
  type HttpConnectionMode,
  type MeteredFetch,
} from "./wireClient/httpFetch";
export {
  serveArgs,
  serverArgs,
  describeServe,
  CLI_SCRIPT,
  SERVE_SCRIPT,
  type ServeSpec,
  type ServedName,
  type ServeFaultWord,
} from "./wireClient/serveCommand";
export {
  REGISTRATION_CLIENTS,
  REGISTRATION_FILES,
  serverLaunch,
  registrationEntry,
  registrationText,
  type Registration,
  type RegistrationClient,
  type ServerLaunch,
} from "./wireClient/registration";
export {
  plainDefinitions,
  declarationFromWire,
  versionFromWire,
  toolDeclaration,
  GATE_RULES,
  type GateRule,
  type WireTool,
  type PlainToolDefinition,
} from "./wireClient/tools";
export {
  WireConnection,
  wireOutcome,
  WIRE_CLIENT_INFO,
  type WireClientOptions,
  type ServerEvent,
  type WireCallStats,
  type WireEraState,
  type WireTarget,
  type HttpTarget,
  isHttpTarget,
} from "./wireClient/connection";
export { WIRE_ERAS, STATELESS_VERSION, type WireEra, type SpokenEra } from "./wireClient/era";
export { knownDiscover, type KnownServer } from "./server/knownDiscover";
export {
  NoSharedVersionError,
  probeEra,
  type EraProbe,
  type StdioLaunch,
} from "./wireClient/probe";
export {
  openWireSession,
  redecide,
  callOverWire,
  closeWireSession,
  type WireSession,
} from "./wireClient/negotiation";
export {
  runWireTasks,
  compareTaskRuns,
  bytesBesideTokens,
  bytesByMethod,
  WORLD_SERVER_NAMES,
  type WireRunOptions,
  type WireRunRow,
  type WireServerPart,
  type WireWalk,
  type WireWalkRow,
  type WireTaskCounts,
  type LevelComparison,
  type KindRow,
  type MethodRow,
} from "./wireClient/tasks";
export {
  runWireAgent,
  runWireMatrix,
  compareAgentRuns,
  wireSetup,
  WIRE_TIME_SCALE,
  TIMED_FAULTS,
  UNTERMINATED_TIMEOUT_MS,
  type WireSetup,
  type WireAgentRecord,
  type AgentComparison,
} from "./wireClient/agents";
export {
  probeMalformedCallsOverWire,
  probeFleetServersOverWire,
  type FleetWireProbe,
  type ProbedServer,
  type ProbedPath,
} from "./wireClient/malformed";
export {
  measureRoundTrips,
  wireTrips,
  doubled,
  ROUND_TRIP_WAYS,
  type RoundTripWay,
  type RoundTripRun,
  type RoundTripOptions,
  type ServerTrips,
} from "./wireClient/roundTrips";
export {
  serveOverHttp,
  httpServers,
  type HttpServe,
  type HttpServers,
} from "./wireClient/httpServe";
export {
  interruptible,
  startServerProcess,
  RunInterrupted,
  interruptedLine,
  STOP_GRACE_MS,
} from "./wireClient/interruptible";
export { requestsByServer, type ServerRequests } from "./world/requestsByServer";
export {
  createHighLevelFleetServer,
  fleetZodSchemas,
  serveHighLevelFleet,
} from "./server/highLevelFleet";

// Lesson 9: the simulation against the wire — every comparison run by the simulator and by real servers.
export {
  runWireLesson,
  GATE_WALKS,
  type WireLessonResult,
  type WireProgress,
} from "./lessons/simulationAgainstTheWire/measurements";
export {
  compareToolLists,
  groupChanges,
  gateLevel,
  checkDiscovery,
  listsOf,
  callsSent,
  type ToolListDiff,
  type ChangeGroup,
  type GateLevel,
  type DiscoveryCheck,
  type DiscoveryMethod,
  type KeyChange,
  type KeyMove,
  type ValueChange,
} from "./lessons/simulationAgainstTheWire/independent";
export {
  simulateEraTasks,
  compareEraLevel,
  countDifferences,
  CALL_METHOD,
  type EraLevel,
  type EraMethodRow,
} from "./lessons/simulationAgainstTheWire/eras";
export {
  CANCELLED,
  WIRE_PATHS,
  taskDifferences,
  formatHighLevelDeclarations,
  formatHighLevelChanges,
  formatHttpCancellation,
  shortMeta,
  discoveryDifferences,
  movedKeys,
  GATE_NAMES,
  simulatedTimeouts,
  wireTimeouts,
  agentDifferences,
  outcomeDifferences,
  agreement,
  type Agreement,
} from "./lessons/simulationAgainstTheWire/tables";
export {
  describeWireSeed,
  readWireChecks,
  readHighLevelDeclarations,
  wireSolutions,
  glossed,
  ERROR_GLOSSES,
} from "./lessons/simulationAgainstTheWire/prose";
export {
  fleetLines,
  HTTP_PROGRESS_TOKEN,
  type FleetLines,
  type HttpCancellation,
} from "./lessons/simulationAgainstTheWire/lines";
export {
  createStructuredServer,
  STRUCTURED_METERS,
  STRUCTURED_TOOL,
} from "./lessons/simulationAgainstTheWire/structuredServer";
export {
  structuredLines,
  serverMessages,
  listedOutputSchema,
  clientVerdicts,
  CANDIDATE_RESULTS,
  STRUCTURED_CALLS,
  STRUCTURED_SERVER_SCRIPT,
  type ClientVerdict,
} from "./lessons/simulationAgainstTheWire/structured";

// Lesson 10: without a session — the same work in both eras, counted on the real wire.
export {
  runWithoutASessionOnTheWire,
  LESSON_LEVEL as WITHOUT_A_SESSION_LEVEL,
  TASK_GAP_MS,
  type WithoutASessionWire,
  type EraComparison,
  type EraRun,
  type KindCounts,
  type WirePoint,
  type DiscoveryPlan,
  type DiscoveryRun,
  type DiscoveryComparison,
  type AutoMeeting,
} from "./lessons/withoutASession/wire";
export {
  LineExchange,
  isTranscriptLine,
  type Transcript,
  type TranscriptLine,
  type TranscriptEvent,
} from "./wireClient/lineExchange";
export {
  requestMeta,
  metaMemberBytes,
  openings,
  statelessMismatch,
  legacyMismatch,
  inPlaceProbe,
  SDK_PROBE_ID,
  MISMATCH_LEGACY_VERSION,
} from "./wireClient/transcripts";
export { prettyJson, formatWireTranscript, type ShownTranscript } from "./lessons/transcriptText";
export {
  fieldBytes,
  formatFieldBytes,
  type FieldBytes,
  formatEraCosts,
  formatEraKinds,
  formatDiscoveryPlans,
  formatAutoMeetings,
  formatWithoutASessionWire,
} from "./lessons/withoutASession/wireTables";
export {
  describeSessionSeed,
  readFields,
  readEras,
  readTwelveTasks,
  readDiscoveryPlans,
  readAuto,
  readInPlaceProbe,
  readConfirm,
  readForged,
  readHandOff,
  summarizeSession,
  sessionSolutions,
} from "./lessons/withoutASession/prose";
export {
  simulateThreeRoles,
  type ThreeRolesResult,
  type HostView,
  type ServerTools,
} from "./lessons/threeRoles/simulate";
export {
  describeThreeRolesSeed,
  readSeedTasks,
  readWireCalls,
  threeRolesSolutions,
} from "./lessons/threeRoles/prose";
export {
  formatSeedTasks,
  formatTracedTask,
  formatServerViews,
  formatWireCalls,
} from "./lessons/threeRoles/tables";
export { runThreeRolesOnTheWire, type ThreeRolesWire } from "./lessons/threeRoles/wire";
export {
  traceTask,
  traceTasks,
  serversOf,
  sourceOf,
  serverViews,
  crossings,
  messagesOf,
  HOST,
  type Origin,
  type TracedArgument,
  type TracedCall,
  type TaskTrace,
  type Source,
  type ValuesBySource,
  type ServerView,
  type CrossedValue,
  type MessageEnds,
} from "./world/taskTrace";
export { RESULT_KEYS, resultKey } from "./world/runTasks";
export { openLegacySession, OPENING_REVISION } from "./wireClient/legacyOpening";
export { runTransport, type TransportResult } from "./lessons/transport/simulate";
export {
  describeTransportSeed,
  readStdioCall,
  readRestart,
  readHttpCall,
  readRefused,
  transportSolutions,
} from "./lessons/transport/prose";
export {
  formatStdioCall,
  formatStreams,
  formatRestart,
  formatHttpCall,
  formatRefused,
  formatPlacementTrips,
} from "./lessons/transport/tables";
export { simulateMessages, type MessagesSimulation } from "./lessons/messages/simulate";
export { runMessagesOnTheWire, type MessagesWire } from "./lessons/messages/wire";
export {
  describeMessagesSeed,
  readCallRevisions,
  readFailuresByRevision,
  readNoArgumentCalls,
  readFirstCallCost,
  summarizeMessages,
  messagesSolutions,
} from "./lessons/messages/prose";
export {
  formatFailuresByRevision,
  formatFirstCallCost,
  formatTokenCuts,
} from "./lessons/messages/tables";
export {
  simulateThreePrimitives,
  type ThreePrimitivesResult,
} from "./lessons/threePrimitives/simulate";
export {
  runThreePrimitives,
  runThreePrimitivesOnTheWire,
  type ThreePrimitivesLesson,
  type ThreePrimitivesWire,
} from "./lessons/threePrimitives/wire";
export {
  describeThreePrimitivesSeed,
  readPromptText,
  readRegionQuestion,
  readRegionWays,
  summarizeThreePrimitives,
  threePrimitivesSolutions,
} from "./lessons/threePrimitives/prose";
export {
  formatDescribedTool,
  formatResourceNotFound,
  formatPrimitiveOffers,
  formatPromptGetLines,
  formatResourceReadLines,
  formatToolsListLines,
  formatRegionWays,
} from "./lessons/threePrimitives/tables";
export {
  simulateLifecycleAndNegotiation,
  POLICY_CASES,
  type LifecycleAndNegotiationResult,
  type PolicyCase,
  type PolicyRow,
  type DeclaredTool,
  type GateRow,
  type ConformantHost,
  type HostRow,
  type UnannotatedGate,
} from "./lessons/lifecycleAndNegotiation/simulate";
export {
  runLifecycleAndNegotiationOnTheWire,
  type LifecycleAndNegotiationWire,
  type OpeningCost,
} from "./lessons/lifecycleAndNegotiation/wire";
export {
  describeLifecycleAndNegotiationSeed,
  lifecycleAndNegotiationSolutions,
  readDiscover,
  readPolicies,
  readGateRun,
  readKayit,
  readOpeningCosts,
  readStatelessMismatch,
} from "./lessons/lifecycleAndNegotiation/prose";
export {
  formatPolicies,
  formatLines,
  formatOpeningCosts,
} from "./lessons/lifecycleAndNegotiation/tables";
export { openingsChart } from "./lessons/lifecycleAndNegotiation/charts";
