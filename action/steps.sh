#!/usr/bin/env bash
# The steps of the clockspec GitHub Action (action.yml at the repository's
# root), one function each: `bash steps.sh install|run|publish|finish`.
# Every input comes from the environment, which action.yml's env: sets from
# ${{ inputs.* }}: an input is never pasted into a script, so no input can
# run a command of its own (script injection). cmd/conform/action_test.go
# runs these steps as the runner does.
set -euo pipefail

# data escapes a value for a workflow command's message, as the runner
# unescapes it: an input holding a line break cannot start a command.
data() {
	local s="${1//'%'/%25}"
	s="${s//$'\r'/%0D}"
	printf '%s' "${s//$'\n'/%0A}"
}

semver='^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$'

# install: conform (and conform-annotations) from the action's own
# checkout, which is the ref the workflow pinned (uses: …@vX.Y.Z): exactly
# that kit, with no published module needed. A release tag is stamped as
# the kit's version, as make release does.
step_install() {
	cd "$GITHUB_ACTION_PATH"
	local flags=()
	if [[ "${ACTION_REF:-}" =~ $semver ]]; then
		flags=(-ldflags "-X main.kitVersion=$ACTION_REF")
	fi
	# Static and path-free, as the release archives are.
	CGO_ENABLED=0 go install -trimpath ${flags[@]+"${flags[@]}"} ./cmd/conform ./action/conform-annotations
	local bin
	bin="$(go env GOBIN)"
	if [ -z "$bin" ]; then
		bin="$(go env GOPATH)/bin"
	fi
	echo "$bin" >>"$GITHUB_PATH"
	"$bin/conform" version
}

# run: conform run, whose exit status is kept as the step's output
# exit-code (the report is published whatever it is; finish exits with it).
# ARGS is split into words as xargs splits them: quotes group words, and
# nothing is expanded or run.
step_run() {
	local extra=()
	if [ -n "${ARGS:-}" ]; then
		local words
		words="$(mktemp)"
		if ! printf '%s' "$ARGS" | xargs printf '%s\0' >"$words"; then
			echo "::error title=clockspec::the args input is not a list of words (an unmatched quote?)"
			echo "exit-code=2" >>"$GITHUB_OUTPUT"
			return 0
		fi
		while IFS= read -r -d '' w; do
			extra+=("$w")
		done <"$words"
		rm -f "$words"
	fi
	local status=0
	conform run --impl "$IMPL" --require "${REQUIRE:-required}" --report "${REPORT_DIR:-conform-report}" \
		${extra[@]+"${extra[@]}"} || status=$?
	echo "exit-code=$status" >>"$GITHUB_OUTPUT"
	echo "conform run exited $status"
}

# publish: the verdict and the report's Markdown comparison (one run) into
# the job summary, the failing scenarios as annotations and as a list.
step_publish() {
	local dir="${REPORT_DIR:-conform-report}" verdict
	case "${STATUS:-}" in
	0) verdict="✅ passed" ;;
	1) verdict="❌ failed" ;;
	"") verdict="⚠️ conform did not run" ;;
	*) verdict="⚠️ the run could not happen (conform exited $STATUS)" ;;
	esac
	printf '## clockspec: %s\n\n' "$verdict" >>"$GITHUB_STEP_SUMMARY"
	if [ ! -f "$dir/summary.json" ]; then
		echo "::error title=clockspec::conform wrote no report in $(data "$dir"): see the log of the step that ran it"
		return 0
	fi
	conform report "$dir" >>"$GITHUB_STEP_SUMMARY"
	conform-annotations -markdown "$GITHUB_STEP_SUMMARY" "$dir"
}

# finish: the job's verdict is conform's.
step_finish() {
	if [ -z "${STATUS:-}" ]; then
		echo "::error title=clockspec::conform did not run: see the steps above"
		exit 2
	fi
	exit "$STATUS"
}

case "${1:-}" in
install | run | publish | finish) "step_$1" ;;
*)
	echo "usage: steps.sh install|run|publish|finish" >&2
	exit 2
	;;
esac
