#!/usr/bin/env bash
# `npm test`: every check and every suite, as CI runs them. Installs the system packages the
# browser tests need, then lint, types, and the vitest projects in order:
# unit + web, infra (CDK assertions), integration (real handlers on the local stack), e2e (Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-system-packages.sh
npm run lint
npm run typecheck
mkdir -p test-results
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json || status=$?
node -e '
  const r = JSON.parse(require("fs").readFileSync("test-results/vitest.json", "utf8"));
  console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
' || true
exit $status
