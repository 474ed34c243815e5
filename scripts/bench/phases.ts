// The phases of one run, from the times at which the runner's stdout lines arrived:
//   start-up           spawn -> the header "OTA Gateway Conformance: run ..." (node, the build check, the
//                      runner's modules, configuration, libxml2-wasm, the embedded sandbox);
//   to first scenario  header -> the first progress line (preflight, ledger clean-up, cucumber
//                      loading its support code and the features, the first scenario);
//   scenarios          first -> last progress line;
//   after scenarios    last progress line -> the console summary (formatters finishing, outcomes,
//                      verdict, the reports written);
//   secret scan, exit  the summary -> the process's exit (the scan of every report for secrets).

export interface TimedLine {
  ms: number;
  text: string;
}

export interface RunPhases {
  startupMs: number;
  toFirstScenarioMs: number;
  scenariosMs: number;
  afterScenariosMs: number;
  scanAndExitMs: number;
}

const HEADER = /^OTA Gateway Conformance: run /;
const PROGRESS = /^\[\d+\/\d+\]/;
const SUMMARY = /^Conformance of /;

/** undefined when the output does not show every phase (a run that stopped early). */
export function runPhases(lines: readonly TimedLine[], wallMs: number): RunPhases | undefined {
  const header = lines.find((l) => HEADER.test(l.text));
  const progress = lines.filter((l) => PROGRESS.test(l.text));
  const last = progress[progress.length - 1];
  const summary = last && lines.slice(lines.indexOf(last)).find((l) => SUMMARY.test(l.text));
  if (!header || !last || !summary) return undefined;
  return {
    startupMs: header.ms,
    toFirstScenarioMs: progress[0].ms - header.ms,
    scenariosMs: last.ms - progress[0].ms,
    afterScenariosMs: summary.ms - last.ms,
    scanAndExitMs: wallMs - summary.ms,
  };
}

export const PHASE_LABELS: Record<keyof RunPhases, string> = {
  startupMs: 'start-up: node, the build check, modules, config, sandbox',
  toFirstScenarioMs: 'preflight, clean-up, cucumber loads support code and features, first scenario',
  scenariosMs: 'the other scenarios',
  afterScenariosMs: 'after the scenarios: formatters finish, outcomes, reports written',
  scanAndExitMs: 'secret scan of the reports, exit',
};
