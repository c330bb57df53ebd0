/**
 * Reading test runners' console output (scripts/test.ts). Runners colour their output when they think a
 * terminal is watching; the colour codes sit between the numbers and the words, so they are removed first.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escape sequences start with ESC
const ansi = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/g;

/** The text without ANSI colour and cursor codes. */
export const stripAnsi = (text: string): string => text.replace(ansi, "");

/**
 * The totals of web-test-runner's last progress report ("Chromium: … 8/8 test files | 45 passed, 0 failed"),
 * or undefined when the output has none: a run that reports no count must not count as 0 failed.
 */
export function browserCounts(output: string): { passed: number; failed: number } | undefined {
  const m = [...stripAnsi(output).matchAll(/(\d+) passed, (\d+) failed/g)].pop();
  return m ? { passed: Number(m[1]), failed: Number(m[2]) } : undefined;
}

interface VitestJson {
  testResults?: { name?: string; assertionResults?: { fullName?: string; status?: string }[] }[];
}

/**
 * The failed tests of a Vitest JSON report as "file > full name" lines, so the run's last lines name what
 * failed (CI keeps only the tail of a long log).
 */
export function failedTests(json: VitestJson, root: string): string[] {
  const out: string[] = [];
  for (const file of json.testResults ?? []) {
    const name = (file.name ?? "").startsWith(root)
      ? (file.name ?? "").slice(root.length + 1)
      : (file.name ?? "");
    for (const t of file.assertionResults ?? [])
      if (t.status === "failed") out.push(`${name} > ${t.fullName ?? "(unnamed)"}`);
  }
  return out;
}
