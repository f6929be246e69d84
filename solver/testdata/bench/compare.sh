#!/bin/sh
# compare.sh [RUNS]: the Go engine against a C++ memo on every ADAPWNS
# board of 1..20 cells, side by side on this machine. It builds
# adapwns.cc with g++ -O2, runs it RUNS times (default 5), then runs the
# same check with the Go engine (go test -bench Verify/20 ./games/adapwns) as many
# times, and prints the best time of each and their ratio.
set -eu
runs=${1:-5}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
g++ -O2 -o "$tmp/adapwns" "$here/adapwns.cc"
for _ in $(seq "$runs"); do "$tmp/adapwns" 20; done >"$tmp/cpp.out"
cat "$tmp/cpp.out"
cpp=$(sed 's/.* \([0-9.]*\) s$/\1/' "$tmp/cpp.out" | sort -n | head -1)
cd "$root"
go test -c -o "$tmp/adapwns.test" ./games/adapwns
"$tmp/adapwns.test" -test.run '^$' -test.bench 'Verify/20$' -test.count "$runs" -test.benchtime 1x >"$tmp/go.out"
grep ns/op "$tmp/go.out"
gos=$(awk '/ns\/op/ { for (i = 1; i < NF; i++) if ($(i+1) == "ns/op") print $i / 1e9 }' "$tmp/go.out" | sort -n | head -1)
awk -v c="$cpp" -v g="$gos" 'BEGIN { printf "best of '"$runs"': C++ %.3f s, Go %.3f s, Go/C++ %.2fx\n", c, g, g / c }'
