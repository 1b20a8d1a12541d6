#!/usr/bin/env bash
# Accept/reject agreement of jfio and fio on mutated job files (a release check, not part of the suite):
#   jobfile-parser/fuzz-vs-fio.sh FIO [COUNT [SEED]]
# writes COUNT mutants (ParserFuzzTest's generator), runs `--parse-only` on each with both tools and
# prints each file where one tool accepts and the other refuses.
set -uo pipefail
fio=${1:?path to fio}; count=${2:-300}; seed=${3:-42}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/jfio-fuzz.XXXXXX"); trap 'rm -rf "$work"' EXIT
(cd "$root" && mvn -B -q -o -pl jobfile-parser test -Dtest='ParserFuzzTest#writesMutantsForTheComparisonWithFio' \
    -Djfio.fuzz.dump="$work/m" -Djfio.fuzz.count="$count" -Djfio.fuzz.seed="$seed") >/dev/null || exit 1
mkdir -p "$work/cwd"; cd "$work/cwd"
agree=0; differ=0
for f in "$work"/m/*.fio; do
    SIZE=1m timeout 10 "$fio" --parse-only "$f" >/dev/null 2>&1; a=$?
    SIZE=1m timeout 10 "$root/bin/jfio" --parse-only "$f" >/dev/null 2>&1; b=$?
    if [ $((a == 0)) = $((b == 0)) ]; then agree=$((agree + 1)); else
        differ=$((differ + 1)); echo "differ: $(basename "$f") fio=$a jfio=$b"; cp "$f" "${FUZZ_KEEP:-/dev/null}" 2>/dev/null
    fi
done
echo "agree $agree, differ $differ of $count (seed $seed)"
