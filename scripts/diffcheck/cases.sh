# The cases of the differential check; sourced by run.sh, which defines
# tc NAME STDIN ARGS... and $IN (the generated inputs).
L() { cat "$IN/$1"; }   # a large position from a file

GAMES="binim2 binim abgame adapwns binstring nim misere"
# per game: two moves for why/play, and the verdicts to try
declare -A M1 M2 VERD
M1[binim2]="1 1"; M2[binim2]="1 2"; VERD[binim2]="Dee|Dum|Bob"
M1[binim]="1 1";  M2[binim]="2 1";  VERD[binim]="Dee|Dum|tie"
M1[abgame]="1 2"; M2[abgame]="6 7"; VERD[abgame]="A|b|C"
M1[adapwns]="5 4"; M2[adapwns]="3 2"; VERD[adapwns]="Ada|Ada's opponent|Bob"
M1[binstring]="1 1"; M2[binstring]="2 3"; VERD[binstring]="Player 1|Player 2|Tie|nobody"
M1[nim]="1 1"; M2[nim]="3 2"; VERD[nim]="First|Second|Third"
M1[misere]="1 1"; M2[misere]="3 2"; VERD[misere]="First|Second|Third"

# positions: "label|first|position" (first may be empty)
declare -A POS
POS[binim2]="s1|Dee|010 101
s2|Dum|0 1 01
s3|Dee|0011 10 1
s4|Dum|00 110 1
lose|Dum|010 101
mid|Dum|0 0 0 11 1
one|Dee|1"
POS[binim]="s1|Dee|0011 1
s2|Dum|010 101
s3|Dee|01 10 1
s4|Dum|000 11
lose|Dee|1 1 0
mid|Dum|0101 1100 0"
POS[abgame]="s1||A..B.A...B
s2||A.B
s3||A..B
s4||A..B.A..B
lose||AB
lower||a..b.A...B
empty||....."
POS[adapwns]="s1||..P.P
s2||.P..P.P
s3||P...P..P
s4||...P.P.P
lose||P
lose2||...P
lower||..p.p"
POS[binstring]="s1||0110011
s2||00011
tie||000011
s4||1001
zero||0
ones||1111"
POS[nim]="s1||3 4 5
lose||1 2 3
s3||5 5
s4||1 1 1
zero||0
big||1000000000 7
comma||3,4, 5"
POS[misere]="s1||3 4 5
lose||1 2 3
s3||5 5
s4||1 1 1
zero||0
ones||1 1
big||1000000000 7"
LARGE_binim2="large-binim2.txt|Dee large-binim2.txt|Dum"
LARGE_binim="large-binim.txt|Dee large-binim-lose.txt|Dum"
LARGE_abgame="large-abgame.txt| large-abgame-small.txt|"
LARGE_adapwns="large-adapwns.txt| large-adapwns-small.txt|"
LARGE_binstring="large-binstring.txt| large-binstring-even.txt|"
LARGE_nim="large-nim.txt| large-nim-small.txt|"
LARGE_misere="large-nim.txt| large-nim-small.txt|"
# malformed: "label|first|position"
declare -A BAD
BAD[binim2]="char|Dee|012 1
nofirst||010 101
badfirst|Bob|010 101
empty|Dee|
blank|Dee|   
tab|Dee|01	10"
BAD[binim]="char|Dum|01 x1
nofirst||0 1
empty|Dee|"
BAD[abgame]="char||A.C
empty||
space||A. B"
BAD[adapwns]="char||..X.P
empty||
dash||-P.P"
BAD[binstring]="char||012
empty||
space||01 10"
BAD[nim]="neg||3 -4
over||1000000001
word||a b
empty||
float||1.5 2"
BAD[misere]="neg||-1
over||99999999999
empty||"

# cli G LABEL FIRST POSITION [small|large]: the command-line matrix of one position
cli() {
  local g=$1 lab=$2 first=$3 p=$4 kind=$5 n=$1-$2 fa=() lvl v
  [ -n "$first" ] && fa=(--first "$first")
  tc "$n.solve" - solve "$g" "$p" "${fa[@]}"
  tc "$n.solve-json" - solve "$g" "$p" "${fa[@]}" --json
  tc "$n.solve-full" - solve "$g" "$p" "${fa[@]}" --full
  for lvl in 1 2 3 4 5 6 7; do tc "$n.hint$lvl" - hint "$g" "$p" "${fa[@]}" --level "$lvl"; done
  tc "$n.moves" - moves "$g" "$p" "${fa[@]}"
  tc "$n.moves-json" - moves "$g" "$p" "${fa[@]}" --json
  tc "$n.render" - render "$g" "$p" "${fa[@]}" -o out.png
  tc "$n.verify" - verify "$g" "$p" "${fa[@]}"
  [ "$kind" = large ] && return
  IFS='|' read -ra vs <<<"${VERD[$g]}"
  for v in "${vs[@]}"; do tc "$n.verdict-${v// /_}" - hint "$g" "$p" "${fa[@]}" --verdict "$v"; done
  tc "$n.hint0" - hint "$g" "$p" "${fa[@]}" --level 0
  tc "$n.why1" - why "$g" "$p" "${fa[@]}" --move "${M1[$g]}"
  tc "$n.why2" - why "$g" "$p" "${fa[@]}" --move "${M2[$g]}" --other "${M1[$g]}"
  tc "$n.why-bad" - why "$g" "$p" "${fa[@]}" --move "x"
  tc "$n.render-bare" - render "$g" "$p" "${fa[@]}" --bare -o out.png
  # play on the command line: an illegal move, two moves, menu picks
  printf '99 99\n%s\n%s\npick 1 1\nclick 3\npick 1 1\npick 1 1\npick 1 1\npick 1 1\npick 1 1\nquit\n' "${M2[$g]}" "${M1[$g]}" >"$IN/play-$n.txt"
  tc "$n.play" "$IN/play-$n.txt" play "$g" "$p" "${fa[@]}"
  printf 'pick 1 1\n%s\npick 1 2\npick 1 1\npick 1 1\npick 1 1\nquit\n' "${M1[$g]}" >"$IN/playb-$n.txt"
  tc "$n.play-botfirst" "$IN/playb-$n.txt" play "$g" "$p" "${fa[@]}" --bot-first
}

# console G LABEL FIRST POSITION: every slash command of a game and its buttons
consolescript() {
  local g=$1 lab=$2 first=$3 p=$4 f="" nextv=3 k
  [ -n "$first" ] && f=" first:$first"
  [ "$g" = binstring ] && nextv=4
  {
    echo "/$g solve position:$p$f"
    echo "click 4"; echo "click 5"; echo "click 3"
    echo "/$g solve position:$p$f"
    echo "click 2"; echo "pick 1 1"; echo "pick 1 1"
    echo "/$g solve position:$p$f"
    echo "click 1"; echo "click 1"; echo "click 2"; echo "click 1"; echo "click $nextv"
    for k in 1 2 3 4 5; do echo "click 1"; done
    echo "/$g solve position:$p$f spoiler:true"
    echo "click 4"
    echo "/$g hint position:$p$f"
    echo "click 1"; echo "click $nextv"; echo "click 1"; echo "click 1"
    echo "/$g play position:$p$f"
    echo "answer 99 99"; echo "answer ${M2[$g]}"; echo "click 3"; echo "answer ${M1[$g]}"
    echo "pick 1 1"; echo "pick 1 1"; echo "click 3"; echo "pick 1 1"; echo "pick 1 1"
    echo "/$g play position:$p$f bot_first:true"
    echo "pick 1 1"; echo "pick 1 1"
    echo "/$g verify position:$p$f"
    echo "/$g moves position:$p$f"
    echo "/$g why position:$p$f move:${M1[$g]}"
    echo "/$g why position:$p$f move:${M2[$g]} other_move:${M1[$g]}"
    echo "/$g why position:$p$f move:zz"
    echo "/$g why position:$p$f"
  }
}

for g in $GAMES; do
  while IFS='|' read -r lab first p; do cli "$g" "$lab" "$first" "$p" small; done <<<"${POS[$g]}"
  for e in $(eval echo "\$LARGE_$g"); do
    file=${e%%|*}; first=${e#*|}
    cli "$g" "L${file#large-}${first:+-$first}" "$first" "$(L "$file")" large
  done
  while IFS='|' read -r lab first p; do
    fa=(); [ -n "$first" ] && fa=(--first "$first")
    n=$g-bad-$lab
    tc "$n.solve" - solve "$g" "$p" "${fa[@]}"
    tc "$n.solve-json" - solve "$g" "$p" "${fa[@]}" --json
    tc "$n.hint" - hint "$g" "$p" "${fa[@]}" --level 2
    tc "$n.moves" - moves "$g" "$p" "${fa[@]}"
    tc "$n.why" - why "$g" "$p" "${fa[@]}" --move "${M1[$g]}"
    tc "$n.verify" - verify "$g" "$p" "${fa[@]}"
    tc "$n.render" - render "$g" "$p" "${fa[@]}" -o out.png
    tc "$n.play" - play "$g" "$p" "${fa[@]}"
  done <<<"${BAD[$g]}"
  tc "$g.first-wrong" - solve "$g" "0 1" --first Dee
  tc "$g.noposition" - solve "$g"
  tc "$g.json-first-empty" - solve "$g" -- "-1"
  # judge
  tc "$g.judge" "$IN/judge-$g.txt" judge "$g"
  tc "$g.judge-strict" "$IN/judge-$g.txt" judge "$g" --strict
  tc "$g.judge-bad" "$IN/judgebad-$g.txt" judge "$g"
  tc "$g.judge-empty" "$IN/empty.txt" judge "$g"
  tc "$g.judge-checktests" "$IN/check-$g-tests.txt" judge "$g" --strict
  # verify tables (the time column is masked)
  tc "$g.verify-max3" - verify "$g" --max 3
  tc "$g.verify-max0" - verify "$g" --max 0
  # check
  tc "$g.check-tests5" - check "$g" --tests --seed 5
  tc "$g.check-tests17-o" - check "$g" --tests --seed 17 -o t.txt
  tc "$g.check-right" - check "$g" --seed 5 --output "$IN/check-$g-right.txt"
  tc "$g.check-wrong" - check "$g" --seed 5 --output "$IN/check-$g-wrong.txt"
  tc "$g.check-short" - check "$g" --seed 5 --output "$IN/check-$g-short.txt"
  tc "$g.check-input-right" - check "$g" --input "$IN/check-$g-tests.txt" --output "$IN/check-$g-right.txt"
  tc "$g.check-input-wrong" - check "$g" --input "$IN/check-$g-tests.txt" --output "$IN/check-$g-wrong.txt"
  tc "$g.check-badinput" - check "$g" --input "$IN/judgebad-$g.txt" --output "$IN/check-$g-right.txt"
  tc "$g.check-badseed" - check "$g" --tests --seed abc
  tc "$g.check-both" - check "$g" --tests --seed 1 --output x.txt
  tc "$g.check-none" - check "$g"
  tc "$g.check-noinput" - check "$g" --output "$IN/check-$g-right.txt"
  # practice (puzzles are seeded by the user and their count of puzzles: deterministic)
  printf 'hint\n%s\nnext\npick 1 1\nhint\nhint\nhint\n1 1\nnext\n2 1\nnext\nbogus\n/progress\n/history\nquit\n' "${M1[$g]}" >"$IN/practice-$g.txt"
  tc "$g.practice" "$IN/practice-$g.txt" practice "$g"
  # console: the game's slash commands and their buttons, on two positions
  i=0
  while IFS='|' read -r lab first p; do
    i=$((i+1)); [ $i -gt 2 ] && break
    consolescript "$g" "$lab" "$first" "$p" >"$IN/console-$g-$lab.txt"
    tc "$g-$lab.console" "$IN/console-$g-$lab.txt" console
  done <<<"${POS[$g]}"
  # console: malformed and large positions, a position file, a picture as a file
  first=""; [ "$g" = binim2 ] || [ "$g" = binim ] && first=" first:Dee"
  lf=$(eval echo "\$LARGE_$g"); lf=${lf%%|*}
  {
    while IFS='|' read -r lab fb p; do echo "/$g solve position:$p${fb:+ first:$fb}"; echo "/$g play position:$p${fb:+ first:$fb}"; done <<<"${BAD[$g]}"
    echo "/$g solve position_file:$IN/$lf$first"; echo "click 4"; echo "click 3"
    echo "/$g hint position_file:$IN/$lf$first"; echo "click 1"; echo "click 1"
    echo "/$g moves position_file:$IN/$lf$first"
    echo "/$g verify position_file:$IN/$lf$first"
    echo "/$g solve position:$(L "$lf")$first"
    echo "/$g solve position_file:$IN/picture.png$first"
    echo "/$g solve position_file:$IN/empty.txt$first"
    echo "/$g solve position:x position_file:$IN/$lf$first"
    echo "/$g solve$first"
    echo "/$g"
    echo "/$g bogus"
    echo "/judge game:$g file:$IN/judge-$g.txt"
    echo "/judge game:$g file:$IN/judgebad-$g.txt"
    echo "/judge game:$g file:$IN/judge-$g.txt strict:true"
    echo "/check game:$g seed:5"
    echo "/check game:$g seed:5 output:$IN/check-$g-right.txt"
    echo "/check game:$g seed:5 output:$IN/check-$g-wrong.txt"
    echo "/check game:$g input:$IN/check-$g-tests.txt output:$IN/check-$g-short.txt"
    echo "/practice game:$g"; echo "pick 1 1"; echo "click 2"
  } >"$IN/console-$g-misc.txt"
  tc "$g-misc.console" "$IN/console-$g-misc.txt" console
done

# too-long positions
tc adapwns-toolong.solve - solve adapwns "$(L toolong-adapwns.txt)"
printf '/adapwns solve position_file:%s\n/adapwns solve position_file:%s\n' "$IN/toolong-adapwns.txt" "$IN/huge-adapwns.txt" >"$IN/console-toolong.txt"
tc adapwns-toolong.console "$IN/console-toolong.txt" console
tc verify-all-max2 - verify all --max 2
tc verify-nogame - verify
tc help - help
tc help-flag - --help
tc unknown-cmd - frobnicate
tc unknown-game - solve chess "e4"
tc commands-json - commands --json
tc commands-nojson - commands
tc progress-empty - progress
tc progress-nim - progress nim
tc progress-bad - progress chess
tc history-empty - history
tc review-none - review
tc review-bad - review nosuchgame

# the console's general commands, stateful, in one session
{
  echo "help"; echo "/help"; echo "/learn"
  for k in 1 2 3 4 5 6 7 8; do echo "/learn"; echo "click $k"; echo "click 1"; echo "click 1"; echo "pick 1 1"; echo "answer 1 1"; echo "answer 0"; done
  echo "/learn topic:Nim and XOR"; echo "click 1"; echo "answer 3 4 5"; echo "click 1"; echo "click 1"; echo "click 1"; echo "click 1"
  echo "/learn topic:nim"; echo "/learn topic:nosuch"; echo "/learn"
  echo "/practice game:nim"; echo "pick 1 1"; echo "click 1"; echo "click 1"; echo "click 2"; echo "pick 1 2"
  echo "/practice game:adapwns"; echo "answer 5 4"; echo "click 1"
  echo "/practice"; echo "/practice game:abgame theme:nosuch"
  echo "/adapwns play position:..P.P"; echo "answer 5 4"; echo "pick 1 1"; echo "pick 1 1"
  echo "/nim play position:1 2"; echo "answer 2 1"; echo "pick 1 1"
  echo "/progress"; echo "/progress game:nim"; echo "/progress game:adapwns"; echo "click 1"
  echo "/history"; echo "click 1"; echo "click 2"; echo "/history"; echo "pick 1 1"
  echo "/daily"; echo "pick 1 1"
  echo "/leaderboard game:nim"
  echo "/export"
  echo "/forget"; echo "click 2"; echo "/forget"; echo "click 1"
  echo "/history"; echo "/progress"; echo "/export"
  echo "/nosuch"; echo "garbage line"; echo "click 99"; echo "pick"; echo "answer x"
  echo "/adapwns solve position:..P.P extra:1"; echo "/adapwns solve spoiler:maybe position:..P.P"
}>"$IN/console-general.txt"
tc general.console "$IN/console-general.txt" console

# console option parsing corners
{
  echo "/nim why position:1 2 3 other_move:1 1 move:3 2"
  echo "/nim why position:1 2 3 move:3 2 other_move:1 1"
  echo "/adapwns solve spoiler:true position:..P.P"
  echo "/nim solve position:1 2 position:3 4"
  echo "/nim solve position:xposition:1"
  echo "/nim solve position:"
  echo "/nim solve  position:3 4 5  "
  echo "/binim2 solve position:01first:Dee first:Dum"
  echo "/binim2 solve first:dum position:0 1 01"
  echo "/binim2 solve position:0 1 01 first:Bob"
  echo "/binim2 hint position:010 101 first:Dee"; echo "click 1"; echo "click 2"
  echo "/nim solve 3 4 5"
  echo "/help extra:1"
  echo "/learn topic:"
  echo "/check game:nim seed:x"
  echo "/check game:chess seed:1"
  echo "/check seed:1"
  echo "/judge game:nim"
  echo "/judge game:nim file:/nonexistent/file.txt"
  echo "/judge game:nim file:$IN/picture.png"
  echo "/nim play position:3 4 5"; echo "click 0"; echo "click abc"; echo "pick 1"; echo "pick 1 99"; echo "pick 1 x"; echo "click 2"; echo "answer 1"; echo "answer"; echo "answer 9 9 9"
  echo "/progress user:123"
  echo "/leaderboard"
}>"$IN/console-options.txt"
tc options.console "$IN/console-options.txt" console

# very long positions as files (up to 20000 characters), their cards' buttons
for f in adapwns abgame binstring nim binim2; do
  first=""; [ $f = binim2 ] && first=" first:Dum"
  printf '/%s solve position_file:%s%s\nclick 4\nclick 5\nclick 3\n/%s solve position_file:%s%s\nclick 2\npick 1 1\npick 1 1\n/%s hint position_file:%s%s\nclick 1\nclick 1\nclick 1\nclick 3\n/%s moves position_file:%s%s\n/%s verify position_file:%s%s\n' \
    $f "$IN/file12k-$f.txt" "$first" $f "$IN/file12k-$f.txt" "$first" $f "$IN/file12k-$f.txt" "$first" $f "$IN/file12k-$f.txt" "$first" $f "$IN/file12k-$f.txt" "$first" >"$IN/console-file12k-$f.txt"
  tc "$f-file12k.console" "$IN/console-file12k-$f.txt" console
done

# command-line sequences on one database: play, then review, history, progress
printf '%q %s\n' "$IN/play-adapwns-s1.txt" "play adapwns ..P.P" /dev/null "review" /dev/null "history" /dev/null "progress" "$IN/practice-nim.txt" "practice nim" /dev/null "progress nim" /dev/null "history" /dev/null "review" >"$IN/seq-play-review.txt"
tc seq-play-review.cli - @seq "$IN/seq-play-review.txt"
printf '%q %s\n' "$IN/practice-nim.txt" "practice nim --theme 'XOR to zero'" /dev/null "practice nim --theme nosuch" /dev/null "practice" /dev/null "practice chess" "$IN/practice-binstring.txt" "practice binstring --theme 'tie-break on 0s'" >"$IN/seq-practice-theme.txt"
tc seq-practice-theme.cli - @seq "$IN/seq-practice-theme.txt"

# /export as the first reply of a console, so the console saves its file,
# after a game and practice were stored
printf '/export\n/history\nclick 1\n/progress game:nim\n' >"$IN/console-export.txt"
printf '%q %s\n' "$IN/play-nim-s1.txt" "play nim 3 4 5" "$IN/practice-nim.txt" "practice nim" "$IN/console-export.txt" "console" >"$IN/seq-export.txt"
tc seq-export.cli - @seq "$IN/seq-export.txt"
