#!/usr/bin/env bash
# Differential check of two nimtutor binaries: the same inputs through both,
# outputs under /tmp/diffcheck/{old,new}, masked copies under
# /tmp/diffcheck/{old,new}.masked, and a diff of every case that differs.
#   run.sh OLD NEW [REGEX]      REGEX: only the cases whose name matches
# Each run of each binary gets a fresh working directory, TMPDIR (console
# pictures) and SQLite database (NIMTUTOR_DB), so both start equal.
set -u
OLD=$(readlink -f "$1"); NEW=$(readlink -f "$2"); ONLY=${3:-}
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${DIFFCHECK_OUT:-/tmp/diffcheck}
IN=$OUT/inputs
if [ -z "${DIFFCHECK_KEEP:-}" ]; then rm -rf "$OUT"; fi
mkdir -p "$OUT/old" "$OUT/new" "$OUT/cmd" "$IN"
python3 "$HERE/gen_inputs.py" "$IN"
N=0

# run1 SIDE BIN NAME STDIN ARGS...: one run of one binary.
run1() {
  local side=$1 bin=$2 name=$3 stdin=$4; shift 4
  local W=$OUT/run/$name
  rm -rf "$W"; mkdir -p "$W/tmp"
  if [ "$1" = @seq ]; then
    # a sequence of runs on the same database: each line of the file $2 is
    # "STDIN ARGS..." (shell words); outputs are concatenated
    local seqf=$2 line
    : >"$OUT/$side/$name.out"; : >"$OUT/$side/$name.err"; : >"$OUT/$side/$name.rc"
    while IFS= read -r line; do
      eval "set -- $line"
      local sin=$1; shift
      echo "### nimtutor $*" >>"$OUT/$side/$name.out"
      (cd "$W" && env -i PATH="$PATH" LANG=C.UTF-8 HOME="$W" TMPDIR="$W/tmp" NIMTUTOR_DB="$W/db.sqlite" \
         timeout 120 "$bin" "$@" <"$sin" >>"$OUT/$side/$name.out" 2>>"$OUT/$side/$name.err"
       echo "exit $?" >>"$OUT/$side/$name.rc")
    done <"$seqf"
  else
  (cd "$W" && env -i PATH="$PATH" LANG=C.UTF-8 HOME="$W" TMPDIR="$W/tmp" NIMTUTOR_DB="$W/db.sqlite" \
     timeout 120 "$bin" "$@" <"$stdin" >"$OUT/$side/$name.out" 2>"$OUT/$side/$name.err"
   echo "exit $?" >"$OUT/$side/$name.rc")
  fi
  # every file the run left (pictures by sha256, text files in full)
  (cd "$W" && find . -type f ! -name 'db.sqlite*' | LC_ALL=C sort | while read -r f; do
     case "$f" in
       *.png) echo "$f sha256 $(sha256sum <"$f" | cut -c1-64)";;
       *) echo "== $f"; cat "$f"; echo;;
     esac
   done) >"$OUT/$side/$name.files"
  rm -rf "$W"
}

# tc NAME STDIN ARGS...: one case, run through OLD then NEW.
tc() {
  local name=$1 stdin=$2; shift 2
  if [ -n "$ONLY" ] && ! [[ $name =~ $ONLY ]]; then return; fi
  [ "$stdin" = - ] && stdin=/dev/null
  N=$((N+1))
  printf '%q ' "<$stdin" "$@" >"$OUT/cmd/$name"; echo >>"$OUT/cmd/$name"
  run1 old "$OLD" "$name" "$stdin" "$@"
  run1 new "$NEW" "$name" "$stdin" "$@"
}

# Files some cases need, made with OLD (the reference): the right answers
# to the check tests, a wrong and a short version.
prepare() {
  local g
  for g in binim2 binim abgame adapwns binstring nim misere; do
    "$OLD" check $g --tests --seed 5 >"$IN/check-$g-tests.txt" 2>/dev/null
    "$OLD" judge $g <"$IN/check-$g-tests.txt" >"$IN/check-$g-right.txt" 2>/dev/null
    sed '1{s/^Yes$/X/;s/^No$/Yes/;s/^X$/No/;s/^Dee$/X/;s/^Dum$/Dee/;s/^X$/Dum/;s/^A$/X/;s/^B$/A/;s/^X$/B/;s/^First$/X/;s/^Second$/First/;s/^X$/Second/;s/^Player 1$/X/;s/^Player 2$/Player 1/;s/^X$/Player 2/;s/^Tie$/Player 1/}' \
      "$IN/check-$g-right.txt" >"$IN/check-$g-wrong.txt"
    sed '$d' "$IN/check-$g-right.txt" >"$IN/check-$g-short.txt"
  done
}
prepare
source "$HERE/cases.sh"
echo "ran $N cases"

# mask what is nondeterministic, then diff
for side in old new; do
  rm -rf "$OUT/$side.masked"; mkdir -p "$OUT/$side.masked"
  for f in "$OUT/$side"/*; do
    sed -E -f "$HERE/mask.sed" "$f" >"$OUT/$side.masked/$(basename "$f")"
  done
done
diff -r "$OUT/old.masked" "$OUT/new.masked" >"$OUT/diff.txt"
ndiff=$(diff -rq "$OUT/old.masked" "$OUT/new.masked" | sed -E 's/^Files .*\/([^/]*)\.(out|err|rc|files) and .*/\1/' | sort -u | tee "$OUT/differing.txt" | wc -l)
echo "$ndiff cases differ (list: $OUT/differing.txt, diff: $OUT/diff.txt)"
if [ "$ndiff" -gt 0 ]; then
  diff -r -U2 "$OUT/old.masked" "$OUT/new.masked" | head -c "${DIFFCHECK_SHOW:-20000}"
  # rerun the differing cases once, to tell flakes from real changes
  if [ -z "${DIFFCHECK_NORERUN:-}" ]; then
    re=$(paste -sd'|' "$OUT/differing.txt")
    DIFFCHECK_OUT=$OUT/rerun DIFFCHECK_NORERUN=1 DIFFCHECK_SHOW=0 "$0" "$OLD" "$NEW" "^($re)\$" | tail -n1 | sed 's/^/rerun: /'
    for c in $(cat "$OUT/differing.txt"); do
      s=stable
      for side in old new; do
        for e in out err rc files; do
          cmp -s "$OUT/$side.masked/$c.$e" "$OUT/rerun/$side.masked/$c.$e" || s="FLAKY ($side.$e changed on rerun)"
        done
      done
      echo "  $c: $s"
    done
  fi
fi
