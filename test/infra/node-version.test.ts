/**
 * One Node everywhere: the local stack, the tests and the benchmarks run on the Node major Lambda
 * runs (the `node` dev dependency, first on the PATH of every npm script), so a test passing here
 * means the same runtime passes on AWS.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AGENT_FUNCTION_RUNTIME } from '../../lib/constructs/agent-function';
import { projectRoot } from './synth';

const lambdaMajor = AGENT_FUNCTION_RUNTIME.name.match(/^nodejs(\d+)\.x$/)?.[1];

describe('the Node the project runs on', () => {
  it("is the pinned dev dependency, of Lambda's major", () => {
    const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    expect(lambdaMajor).toBeDefined();
    expect(pkg.devDependencies.node?.split('.')[0]).toBe(lambdaMajor);
  });

  it('runs these tests', () => {
    expect(process.versions.node.split('.')[0]).toBe(lambdaMajor);
  });
});
