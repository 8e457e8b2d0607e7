#!/usr/bin/env bash
# Deploys a stage from AWS CloudShell (or any shell with the AWS CLI v2 and credentials): the CDK
# deploy runs in CodeBuild, so no local Docker daemon, Node.js or npm is needed. See docs/deploy.md.
#
#   bin/deploy-in-codebuild.sh <stage> [stage file] [--repo <git URL> [--branch <branch>]]
#
# The stage file defaults to bin/stages/<stage>.json. Without --repo the current checkout is
# uploaded (tracked and new files, .gitignore respected); with it, CodeBuild clones that public
# repository instead. Prints the build's log as it runs, then the app's URL.
set -euo pipefail

usage() {
  echo "Usage: $0 <stage> [stage file] [--repo <git URL> [--branch <branch>]]" >&2
  exit 2
}

stage=""
stage_file=""
repo=""
branch=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --repo) repo="${2:-}"; [[ -n "$repo" ]] || usage; shift 2 ;;
    --branch) branch="${2:-}"; [[ -n "$branch" ]] || usage; shift 2 ;;
    -h | --help) usage ;;
    -*) echo "Unknown option: $1" >&2; usage ;;
    *)
      if [[ -z "$stage" ]]; then stage="$1"
      elif [[ -z "$stage_file" ]]; then stage_file="$1"
      else usage
      fi
      shift ;;
  esac
done
[[ -n "$stage" ]] || usage
if [[ ! "$stage" =~ ^[a-z][a-z0-9-]*$ ]]; then
  echo "The stage name is lower-case letters, digits and dashes, starting with a letter: $stage" >&2
  exit 2
fi
[[ -z "$branch" || -n "$repo" ]] || { echo "--branch goes with --repo" >&2; exit 2; }

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
stage_file="${stage_file:-$root/bin/stages/$stage.json}"
[[ -f "$stage_file" ]] || { echo "No stage file $stage_file (see bin/stages/dev.json)" >&2; exit 2; }
command -v aws > /dev/null || { echo "The AWS CLI is needed (CloudShell has it)" >&2; exit 2; }

# Everything of AgentForge lives in us-east-1 (CloudFront's certificates and web ACL must).
export AWS_REGION=us-east-1 AWS_DEFAULT_REGION=us-east-1
deployer_stack=AgentForge-deployer

echo "Creating or updating the deployer (CloudFormation stack $deployer_stack)..."
aws cloudformation deploy --stack-name "$deployer_stack" --template-file "$here/deploy-in-codebuild.yml" \
  --capabilities CAPABILITY_IAM --no-fail-on-empty-changeset > /dev/null
output() {
  aws cloudformation describe-stacks --stack-name "$1" \
    --query "Stacks[0].Outputs[?OutputKey=='$2'].OutputValue" --output text
}
project="$(output "$deployer_stack" ProjectName)"
bucket="$(output "$deployer_stack" SourceBucketName)"

run="runs/$(date -u +%Y%m%dT%H%M%SZ)-$stage-$RANDOM"
aws s3 cp --only-show-errors "$stage_file" "s3://$bucket/$run/stage.json"
if [[ -n "$repo" ]]; then
  source_url="$repo"
else
  echo "Uploading the checkout $root..."
  archive="$(mktemp)"
  trap 'rm -f "$archive"' EXIT
  if git -C "$root" rev-parse --is-inside-work-tree > /dev/null 2>&1; then
    (cd "$root" && git ls-files -z --cached --others --exclude-standard |
      while IFS= read -r -d '' file; do if [[ -e "$file" ]]; then printf '%s\0' "$file"; fi; done |
      tar -czf "$archive" --null -T -)
  else
    tar -czf "$archive" -C "$root" --exclude=./node_modules --exclude='*/node_modules' --exclude=./.git \
      --exclude=./cdk.out --exclude=./.local --exclude=./web/dist .
  fi
  source_url="s3://$bucket/$run/source.tar.gz"
  aws s3 cp --only-show-errors "$archive" "$source_url"
fi

echo "Starting the deploy of stage $stage in CodeBuild ($project)..."
build="$(aws codebuild start-build --project-name "$project" --query build.id --output text \
  --environment-variables-override \
  "name=STAGE,value=$stage,type=PLAINTEXT" \
  "name=SOURCE_URL,value=$source_url,type=PLAINTEXT" \
  "name=SOURCE_BRANCH,value=$branch,type=PLAINTEXT" \
  "name=STAGE_FILE_URL,value=s3://$bucket/$run/stage.json,type=PLAINTEXT")"
echo "Build $build (also in the CodeBuild console). Its log follows; Ctrl+C stops following, not the build."

status() { aws codebuild batch-get-builds --ids "$build" --query 'builds[0].buildStatus' --output text; }
stream="$(aws codebuild batch-get-builds --ids "$build" --query 'builds[0].logs.streamName' --output text)"
until [[ -n "$stream" && "$stream" != None ]] || [[ "$(status)" != IN_PROGRESS ]]; do
  sleep 5
  stream="$(aws codebuild batch-get-builds --ids "$build" --query 'builds[0].logs.streamName' --output text)"
done
group="$(output "$deployer_stack" LogGroupName)"
tail_pid=""
if [[ -n "$stream" && "$stream" != None ]]; then
  aws logs tail "$group" --log-stream-names "$stream" --follow --since 1h --format short &
  tail_pid=$!
fi
while [[ "$(status)" == IN_PROGRESS ]]; do sleep 15; done
if [[ -n "$tail_pid" ]]; then
  # The last lines reach CloudWatch Logs a few seconds after the build ends.
  sleep 10
  kill "$tail_pid" 2> /dev/null || true
fi

result="$(status)"
if [[ "$result" != SUCCEEDED ]]; then
  echo "The deploy ended $result: see the log above (group $group, stream $stream)." >&2
  exit 1
fi
echo "Stage $stage deployed. The app: $(output "AgentForge-$stage" DistributionUrl)"
