#!/usr/bin/env bash
# Lines of non-test Go per package at a revision (default HEAD): the
# size of the house. Two columns: every line (wc -l), and code lines
# (neither blank nor a // comment). Packages that only tests import
# (games/gametest, store/storetest) are marked "test support".
#
#   scripts/lines.sh [REV]
set -euo pipefail
rev=${1:-HEAD}
cd "$(git rev-parse --show-toplevel)"
git ls-tree -r --name-only "$rev" | grep '\.go$' | grep -v '_test\.go$' |
  while read -r f; do
    git show "$rev:$f" | awk -v d="$(dirname "$f")" '
      { all++ } /^[ \t]*$/ { next } /^[ \t]*\/\// { next } { code++ }
      END { print d, all, code }'
  done |
  awk '
    { all[$1] += $2; code[$1] += $3 }
    END {
      for (d in all) {
        tag = (d ~ /test$/) ? "  test support" : ""
        printf "%-20s %7d %7d%s\n", d, all[d], code[d], tag | "sort"
        if (tag == "") { A += all[d]; C += code[d] } else { TA += all[d]; TC += code[d] }
      }
      close("sort")
      printf "%-20s %7s %7s\n", "", "-----", "-----"
      printf "%-20s %7d %7d\n", "product", A, C
      printf "%-20s %7d %7d\n", "test support", TA, TC
      printf "%-20s %7d %7d\n", "whole tree", A + TA, C + TC
    }' | { echo "package                lines    code"; cat; }
