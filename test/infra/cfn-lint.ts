import { spawnSync } from 'node:child_process';

/**
 * cfn-lint (AWS's CloudFormation linter, a Python package): the command, or Python's module, or
 * undefined when neither is installed (scripts/ensure-system-packages.sh installs it: Debian's
 * package where the release has one, else pip).
 */
export function findCfnLint(): readonly string[] | undefined {
  for (const command of [['cfn-lint'], ['python3', '-m', 'cfnlint']]) {
    const [program = '', ...args] = command;
    const probe = spawnSync(program, [...args, '--version'], { encoding: 'utf8', timeout: 60_000 });
    if (probe.status === 0) return command;
  }
  return undefined;
}

export interface CfnLintMatch {
  Rule: { Id: string };
  Level: 'Error' | 'Warning' | 'Informational';
  Message: string;
  Filename: string;
  Location: { Start: { LineNumber: number } };
}

/** Lints the templates (every rule, all regions off but us-east-1) and returns what it found. */
export function cfnLint(linter: readonly string[], templates: readonly string[]): CfnLintMatch[] {
  const [program = '', ...args] = linter;
  const run = spawnSync(
    program,
    [...args, '--format', 'json', '--regions', 'us-east-1', '--', ...templates],
    {
      encoding: 'utf8',
      timeout: 600_000,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  // Exit codes are bit flags (2 errors, 4 warnings, 8 informational); 1 is cfn-lint failing itself.
  if (run.status === null || run.status % 2 === 1) {
    throw new Error(`cfn-lint did not run (status ${run.status}): ${run.stderr || run.error}`);
  }
  return JSON.parse(run.stdout || '[]') as CfnLintMatch[];
}
