package abgame

import (
	"fmt"
	"strings"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// The A-B game: facing pairs are reserve moves (same owner) or Nim heaps
// (different owners), plus the unpaired last letter's walk to the edge.

// course is what the explanation says alike for every position.
var course = explain.Course{
	Ask: "Start small. In `A...A`, the first letter moves right and the second left, both A's: how many moves does A have there, and can B ever use them? " +
		"And in `A...B`, where each player owns one letter of the pair, what game do the 3 empty cells between them form?",
	Reduce: "Now your row. Number the letters from the left: letters 1 and 2 face each other, then 3 and 4, and so on; a last letter without a partner walks to the right edge. " +
		"Sort the pairs into those only one player can touch and those both can shrink, count each player's private moves, and decide who wins.",
	Lessons: []string{"Facing pairs", "Reserve moves", "Nim heaps", "The rule"},
	Ideas:   []string{ThemeReserveMoves, ThemeNimHeaps, explain.ThemeXORToZero},
}

// KeyNumbers names the numbers that decide pos, as one clause.
func (t game) KeyNumbers(pos solver.Position) string {
	a := explain.AnalysisOf[Analysis](pos)
	return fmt.Sprintf("reserves A %d, B %d, XOR %d", a.ReserveA, a.ReserveB, a.NimSum)
}

// Kinds of abgame move, in the strategy's words.
const (
	kindNim     = "a Nim move (it shrinks a heap both players share)"
	kindReserve = "a reserve move (it spends one of your own passes)"
)

// abPairOf returns the index of the pair whose letter stands on the
// 1-based cell, or -1.
func abPairOf(a Analysis, cell int) int {
	for k, pr := range a.Pairs {
		if pr.Left == cell-1 || pr.Kind != Edge && pr.Right == cell-1 {
			return k
		}
	}
	return -1
}

// abShrink returns the move that shrinks pair k's gap by d cells with the
// mover's letter in it (for a Nim heap, the mover owns exactly one).
func abShrink(p *ABRow, pr Pair, d int) Move {
	own := 'A' + byte(p.ToMove())
	if p.Row()[pr.Left] == own {
		return Move{From: pr.Left + 1, To: pr.Left + 1 + d}
	}
	return Move{From: pr.Right + 1, To: pr.Right + 1 - d}
}

// abNimTarget returns the first Nim heap, left to right, that can be
// shrunk to make the XOR 0, with its index; ok is false when the XOR is
// already 0.
func abNimTarget(a Analysis) (k int, ok bool) {
	if a.NimSum == 0 {
		return -1, false
	}
	for k, pr := range a.Pairs {
		if pr.Kind == NimPair && pr.Gap^a.NimSum < pr.Gap {
			return k, true
		}
	}
	return -1, false
}

// plan teaches abgame as the rule does: play the Nim heaps well (shrink
// heap h to h xor X, the first heap where that is smaller), and when the
// XOR is already 0 with more reserve moves, spend one reserve move of one
// cell, the first the mover has.
func (t game) Plan(c solver.Result) explain.Plan {
	p, a := c.Position.(*ABRow), c.Analysis.(Analysis)
	var taught solver.Move
	if c.Outcome == solver.Win {
		if k, ok := abNimTarget(a); ok {
			pr := a.Pairs[k]
			taught = abShrink(p, pr, pr.Gap-(pr.Gap^a.NimSum))
		} else {
			for _, pr := range a.Pairs {
				if pr.Kind != NimPair && pr.Owner == p.ToMove() && pr.Gap > 0 {
					taught = abShrink(p, pr, 1)
					break
				}
			}
		}
	}
	return explain.NewPlan(c, taught, func(m solver.Move) string { return abKind(a, m) })
}

// abKind names the kind of an abgame move of the position analysed by a.
func abKind(a Analysis, m solver.Move) string {
	if k := abPairOf(a, m.(Move).From); k >= 0 && a.Pairs[k].Kind == NimPair {
		return kindNim
	}
	return kindReserve
}

func (t game) Kind(pos solver.Position, m solver.Move) string {
	return abKind(explain.AnalysisOf[Analysis](pos), m)
}

// abDirections writes the row with each letter replaced by its direction.
func abDirections(row string) string {
	b := []byte(row)
	k := 0
	for i, c := range b {
		if c == '.' {
			continue
		}
		b[i] = "><"[k%2]
		k++
	}
	return string(b)
}

// abPairText describes one pair of the analysis; k is its index.
func abPairText(row string, k int, pr Pair) string {
	switch pr.Kind {
	case Edge:
		return fmt.Sprintf("letter %d (`%c` on cell %d) has no partner: %s to the right edge, reserve moves for %c",
			2*k+1, row[pr.Left], pr.Left+1, explain.Plural(pr.Gap, "cell", "cells"), row[pr.Left])
	case Reserve:
		return fmt.Sprintf("letters %d and %d (`%c` on cells %d and %d): %s between, reserve moves for %c",
			2*k+1, 2*k+2, row[pr.Left], pr.Left+1, pr.Right+1, explain.Plural(pr.Gap, "empty cell", "empty cells"), row[pr.Left])
	}
	return fmt.Sprintf("letters %d and %d (`%c` on cell %d, `%c` on cell %d): %s between, a Nim heap of %d",
		2*k+1, 2*k+2, row[pr.Left], pr.Left+1, row[pr.Right], pr.Right+1, explain.Plural(pr.Gap, "empty cell", "empty cells"), pr.Gap)
}

// abPairs describes every pair of the analysis.
func abPairs(row string, a Analysis) explain.List {
	return explain.List{N: len(a.Pairs), Item: func(k int) string { return abPairText(row, k, a.Pairs[k]) }}
}

// reserveLines says each player's reserve moves, pair by pair, and
// their total: "A: 3, 2, so **5**", "B: none, so **0**".
func reserveLines(a Analysis, o explain.Options) []string {
	var parts [2][]int
	for _, pr := range a.Pairs {
		if pr.Kind != NimPair {
			parts[pr.Owner] = append(parts[pr.Owner], pr.Gap)
		}
	}
	lines := []string{"A: none, so **0**", "B: none, so **0**"}
	for p, total := range [2]int{a.ReserveA, a.ReserveB} {
		if len(parts[p]) > 0 {
			lines[p] = fmt.Sprintf("%c: %s, so **%d**", 'A'+p, explain.Inline(explain.Ints(parts[p]), o), total)
		}
	}
	return lines
}

// reserves returns the reserve moves of player p and of the opponent.
func (a Analysis) reserves(p solver.Player) (mine, theirs int) {
	r := [2]int{a.ReserveA, a.ReserveB}
	return r[p], r[p.Other()]
}

// Explain applies each idea of the solution to the position, then the verdict and the move.
func (t game) Explain(c solver.Result, pl explain.Plan, o explain.Options) []explain.Step {
	p, a := c.Position.(*ABRow), c.Analysis.(Analysis)
	row := p.Row()
	mover := Game.PlayerName(p.ToMove())
	letters := len(row) - strings.Count(row, ".")
	steps := []explain.Step{{Title: "The game", Body: fmt.Sprintf(
		"%s is to move. Counting only the letters from the left, the 1st, 3rd, 5th, … letter moves right and the 2nd, 4th, … moves left; "+
			"A moves an `A`, B moves a `B`, any number of cells across empty cells only. Normal play: a player who cannot move loses. "+
			"The row has %s and %s.",
		mover, explain.Plural(len(row), "cell", "cells"), explain.Plural(letters, "letter", "letters"))}}
	if o.MaxItems <= 0 || len(row) <= explain.LongString {
		steps[0].Body += fmt.Sprintf(" With `>` for right and `<` for left, `%s` reads `%s`.", row, abDirections(row))
	}

	body := "So letters 1 and 2 face each other, then 3 and 4, and so on. A letter only ever moves toward its partner, so each pair's empty cells are a small game of their own; the cells between two pairs never matter."
	if len(a.Pairs) == 0 {
		body += " There are no letters here, so there are no pairs."
	} else {
		body += "\n" + explain.Bullets(abPairs(row, a), o)
	}
	steps = append(steps, explain.Step{Title: "Facing pairs", Body: body})

	steps = append(steps, explain.Step{Title: "Reserve moves", Body: "When both letters of a pair belong to one player, the opponent can never touch it, and its owner can close the gap one cell at a time: d empty cells are d reserve moves, to be spent whenever it suits them. " +
		"An unpaired last letter walks to the right edge in the same way.\n" +
		explain.Bullets(explain.ListOf(reserveLines(a, o)), explain.Options{})})

	body = "When the two letters of a pair belong to different players, either player may shrink the gap by any number of cells, and it never grows again: a Nim heap of size d. "
	if len(a.NimHeaps) == 0 {
		body += "There is no such pair here, so the XOR is **0**."
	} else {
		body += fmt.Sprintf("Heaps here, left to right: %s. %s", explain.Inline(explain.Ints(a.NimHeaps), o), explain.XorSentence(a.NimHeaps))
	}
	steps = append(steps, withXor(p, a, explain.Step{Title: "Nim heaps", Body: body}))

	me, them := a.reserves(p.ToMove())
	steps = append(steps, withXor(p, a, explain.Step{Title: "The rule", Body: fmt.Sprintf(
		"Reserve moves are passes only their owner can use. With more of them, a player wins: they play the Nim heaps well while they can and spend a reserve move whenever Nim leaves them stuck, and the opponent runs out of passes first. "+
			"With equal reserves every pass can be answered by a pass, so the Nim heaps decide: the player to move wins exactly when the XOR is not 0. "+
			"Here %s, to move, has %s against %d, and the XOR is %d.",
		mover, explain.Plural(me, "reserve move", "reserve moves"), them, a.NimSum)}))
	return append(steps, t.Finding(c, pl, o))
}

// withXor adds to st, a step about p that states the XOR of its Nim
// heaps, that XOR as a number claim. It is not a Sprague–Grundy value:
// the reserve moves make the game partizan.
func withXor(p *ABRow, a Analysis, st explain.Step) explain.Step {
	st.Claims = append(st.Claims, explain.XorClaim(p, explain.Int64s(a.NimHeaps), int64(a.NimSum), false, st.Body))
	return st
}

// heapName names pair k as a heap: "the heap of letters 3 and 4".
func heapName(k int) string { return fmt.Sprintf("the heap of letters %d and %d", 2*k+1, 2*k+2) }

// nimLines applies the Nim method to the heaps: h xor X, and whether
// that is smaller than h, with the move that gets there. With lists
// capped and many heaps, it shows the heaps that work and counts the rest.
// It also returns the pairs whose line it writes.
func nimLines(p *ABRow, a Analysis, o explain.Options) (lines []string, shown []int) {
	// The heaps that can reach the target first, then the others; only
	// the lines shown are written.
	var good, bad []int
	for k, pr := range a.Pairs {
		if pr.Kind != NimPair {
			continue
		}
		if pr.Gap^a.NimSum < pr.Gap {
			good = append(good, k)
		} else {
			bad = append(bad, k)
		}
	}
	line := func(k int) string {
		pr := a.Pairs[k]
		t := pr.Gap ^ a.NimSum
		l := fmt.Sprintf("%s = %d: %d xor %d = %d", heapName(k), pr.Gap, pr.Gap, a.NimSum, t)
		if t < pr.Gap {
			return l + fmt.Sprintf(", smaller: shrink it to %d with %s", t, explain.Arrow(abShrink(p, pr, pr.Gap-t)))
		}
		return l + ", not smaller, so this heap cannot do it"
	}
	if o.MaxItems <= 0 || len(good)+len(bad) <= o.MaxItems {
		out := make([]string, 0, len(good)+len(bad))
		for _, k := range append(good, bad...) {
			out = append(out, line(k))
		}
		return out, append(good, bad...)
	}
	list := explain.List{N: len(good), Item: func(i int) string { shown = append(shown, good[i]); return line(good[i]) }}
	lines = list.Shown(o)
	return append(lines, fmt.Sprintf("for the other %s, h xor %d is not smaller", explain.Plural(len(bad), "heap", "heaps"), a.NimSum)), shown
}

func (t game) Finding(c solver.Result, pl explain.Plan, o explain.Options) explain.Step {
	p, a := c.Position.(*ABRow), c.Analysis.(Analysis)
	me, them := a.reserves(p.ToMove())
	switch {
	case !solver.HasMoves(p):
		return explain.FindingStep("No letter of yours can move, so there is no move to find.")
	case me < them:
		return explain.FindingStep(fmt.Sprintf("Your reserve moves trail %d to %d, and no move closes that: a Nim move leaves both reserves as they are, and a reserve move lowers yours. No move wins here.", me, them))
	case me == them && a.NimSum == 0:
		return withXor(p, a, explain.FindingStep(fmt.Sprintf("The reserves are level at %d and the XOR is already 0. A Nim move makes the XOR non-zero, and a reserve move leaves you behind on reserves: no move wins here.", me)))
	}
	body := fmt.Sprintf("The reserves are level at %d, so the Nim heaps decide", me)
	switch {
	case me > them && a.NimSum == 0:
		body = fmt.Sprintf("You have more reserve moves (%d to %d) and the XOR is already 0, so there is no Nim move to make: spend one reserve move, a single cell, with %s. That leaves %d to %d on reserves with a XOR of 0 for the opponent.",
			me, them, explain.Arrow(c.Move), me-1, them)
	case me > them:
		body = fmt.Sprintf("You have more reserve moves (%d to %d), so you can afford to play the Nim heaps well", me, them)
	}
	var shown []int
	if a.NimSum != 0 {
		var lines []string
		lines, shown = nimLines(p, a, o)
		body += fmt.Sprintf(": make the XOR 0. For each heap h, compute h xor %d; a heap where that is smaller can be shrunk to it.\n%s",
			a.NimSum, explain.Bullets(explain.ListOf(lines), explain.Options{}))
	}
	st := explain.FindingStep(body + "\nEvery winning move, by kind:\n" + explain.GroupsText(pl, explain.Arrow, o))
	// The numbers worked out: the XOR of the heaps, and each heap's line
	// h xor XOR = target.
	st = withXor(p, a, st)
	for _, k := range shown {
		st.Claims = append(st.Claims, explain.XorStepClaim(p, int64(a.Pairs[k].Gap), int64(a.NimSum), st.Body))
	}
	return st
}

// GameOver says why the player to move, who cannot move, has won, lost or tied.
func (t game) GameOver(pos solver.Position) string {
	p := pos.(*ABRow)
	letter := 'A' + byte(p.ToMove())
	if !strings.ContainsRune(p.Row(), rune(letter)) {
		return explain.CannotMove(p, fmt.Sprintf("no `%c` is on the row", letter), false)
	}
	return explain.CannotMove(p, fmt.Sprintf("every `%c` has a letter or the edge right in front of it", letter), false)
}

// Verdict says who wins, why, and the winning move.
func (t game) Verdict(c solver.Result, _ explain.Options) explain.Step {
	p, a := c.Position.(*ABRow), c.Analysis.(Analysis)
	mover, other := explain.Players(p)
	me, them := a.reserves(p.ToMove())
	if !solver.HasMoves(p) {
		return explain.Step{Title: "Verdict", Body: fmt.Sprintf("%s cannot move any letter, which loses: **%s wins**.", mover, c.WinnerName())}
	}
	if c.Move == nil {
		if me < them {
			return explain.Step{Title: "Verdict", Body: fmt.Sprintf(
				"%s has fewer reserve moves (%d against %d), so **%s wins**. Every move of %s's loses: a Nim move leaves the reserves as they are and a reserve move only lowers %s's own, so %s stays ahead on reserves.",
				mover, me, them, c.WinnerName(), mover, mover, other)}
		}
		return withXor(p, a, explain.Step{Title: "Verdict", Body: fmt.Sprintf(
			"The reserves are equal (%d each) and the XOR is 0, so **%s wins**. Every move of %s's loses: a Nim move makes the XOR non-zero with reserves still equal, and a reserve move leaves %s behind on reserves; either way %s is then to move in a winning position.",
			me, c.WinnerName(), mover, mover, other)})
	}
	why := fmt.Sprintf("%s has more reserve moves (%d against %d)", mover, me, them)
	if me == them {
		why = fmt.Sprintf("the reserves are equal (%d each) and the XOR is %d, not 0", me, a.NimSum)
	}
	m := c.Move.(Move)
	k := abPairOf(a, m.From)
	pr, d := a.Pairs[k], max(m.From-m.To, m.To-m.From)
	kind := fmt.Sprintf("It spends a reserve move: the gap of letters %d and %d shrinks from %d to %d.", 2*k+1, 2*k+2, pr.Gap, pr.Gap-d)
	switch pr.Kind {
	case NimPair:
		kind = fmt.Sprintf("It is a Nim move: the heap of letters %d and %d shrinks from %d to %d.", 2*k+1, 2*k+2, pr.Gap, pr.Gap-d)
	case Edge:
		kind = fmt.Sprintf("It spends a reserve move: letter %d walks toward the edge, leaving %s.", 2*k+1, explain.Plural(pr.Gap-d, "cell", "cells"))
	}
	next := explain.AfterMove(c)
	na := explain.AnalysisOf[Analysis](next)
	nthem, nme := na.reserves(p.ToMove().Other())
	after := fmt.Sprintf("fewer reserve moves (%d against %d), so %s loses", nthem, nme, other)
	if nthem == nme {
		after = fmt.Sprintf("equal reserves (%d each) and a Nim XOR of 0, so %s loses", nme, other)
	}
	st := explain.Step{Title: "Verdict and move", Body: fmt.Sprintf(
		"Since %s, **%s wins**. Winning move: **%s**. %s Afterwards %s is to move with %s.",
		why, c.WinnerName(), m, kind, other, after)}
	// The numbers worked out: the XOR now when the reserves are equal, and
	// the XOR after the move when they are equal then.
	if me == them {
		st = withXor(p, a, st)
	}
	if nthem == nme {
		st.Claims = append(st.Claims, explain.XorClaim(next, explain.Int64s(na.NimHeaps), int64(na.NimSum), false, st.Body))
	}
	return st
}

func (t game) Numbers(c solver.Result, o explain.Options) explain.Step {
	p, a := c.Position.(*ABRow), c.Analysis.(Analysis)
	pairs := "There are no letters, so there are no pairs."
	if len(a.Pairs) > 0 {
		pairs = "Your pairs:\n" + explain.Bullets(abPairs(p.Row(), a), o)
	}
	return explain.Step{Body: fmt.Sprintf("%s\nReserve moves: %s. Nim heaps: %s.", pairs, strings.Join(reserveLines(a, o), "; "), heapList(a, o))}
}

func (t game) Rule(c solver.Result, _ explain.Options) explain.Step {
	p, a := c.Position.(*ABRow), c.Analysis.(Analysis)
	me, them := a.reserves(p.ToMove())
	return withXor(p, a, explain.Step{Body: fmt.Sprintf("Reserve moves are passes only their owner can use: more of them win. With equal reserves the passes cancel and the Nim heaps decide, as in Nim: the player to move wins exactly when their XOR is not 0. "+
		"Here %s, to move, has %d reserve against %d, and the XOR is %d.", Game.PlayerName(p.ToMove()), me, them, a.NimSum)})
}

func (t game) Pointer(c solver.Result, _ explain.Plan, _ explain.Options) explain.Step {
	a := c.Analysis.(Analysis)
	switch {
	case !solver.HasMoves(c.Position):
		return explain.Step{Body: "None of your letters can move, so there is no move to look for."}
	case c.Move == nil:
		return explain.Step{Body: "No move puts you ahead here. Look instead for the move after which the opponent's win takes longest: the more moves they must find, the more chances they have to slip."}
	}
	k := abPairOf(a, c.Move.(Move).From)
	if a.Pairs[k].Kind == NimPair {
		return explain.Step{Body: fmt.Sprintf("Look at %s: shrink it so that the XOR of the heaps becomes 0.", heapName(k))}
	}
	return explain.Step{Body: "The XOR is already 0, so the heaps offer nothing. Look at your reserve moves: how many cells should one of them spend?"}
}

// heapList names the Nim heaps with their letters: "2 (letters 1–2)".
func heapList(a Analysis, o explain.Options) string {
	var items []string
	for k, pr := range a.Pairs {
		if pr.Kind == NimPair {
			items = append(items, fmt.Sprintf("%d (letters %d–%d)", pr.Gap, 2*k+1, 2*k+2))
		}
	}
	return explain.InlineOrNone(items, o)
}

func (t game) Summary(c solver.Result, pl explain.Plan, o explain.Options) []explain.Step {
	p, a := c.Position.(*ABRow), c.Analysis.(Analysis)
	mover, other := explain.Players(p)
	me, them := a.reserves(p.ToMove())
	why := fmt.Sprintf("Reserves A %d, B %d; heaps %s; XOR %d.", a.ReserveA, a.ReserveB, heapList(a, o), a.NimSum)
	var find string
	switch {
	case !solver.HasMoves(p):
		find = fmt.Sprintf("%s has no letter that can move.", mover)
	case c.Move == nil && me < them:
		find = fmt.Sprintf("%s leads %d to %d on reserves, and no move of %s's closes that.", other, them, me, mover)
	case c.Move == nil:
		find = fmt.Sprintf("Reserves level at %d and XOR 0: a Nim move breaks the 0, a reserve move falls behind.", me)
	default:
		m := c.Move.(Move)
		k := abPairOf(a, m.From)
		if pr := a.Pairs[k]; pr.Kind == NimPair {
			t := pr.Gap ^ a.NimSum
			find = fmt.Sprintf("A heap of %d: %d xor %d = %d is smaller, and %s shrinks it (letters %d–%d).", pr.Gap, pr.Gap, a.NimSum, t, explain.Arrow(m), 2*k+1, 2*k+2)
		} else {
			find = fmt.Sprintf("XOR 0 and %d to %d ahead: spend a reserve cell, %s.", me, them, explain.Arrow(m))
		}
	}
	rule := fmt.Sprintf("Reserves %d to %d: the larger wins, heaps aside.", max(me, them), min(me, them))
	if me == them {
		rule = fmt.Sprintf("Reserves level at %d: Nim on the heaps decides.", me)
	}
	steps := []explain.Step{{Title: "Why", Body: why}, {Title: "Finding it", Body: find}, {Title: "The rule here", Body: rule}}
	// The numbers worked out: the XOR of the Nim heaps, and the heap the
	// move shrinks to.
	heaps := explain.Int64s(a.NimHeaps)
	steps[0].Claims = append(steps[0].Claims, explain.XorClaim(p, heaps, int64(a.NimSum), false, why))
	switch {
	case c.Move == nil && me == them && solver.HasMoves(p):
		steps[1].Claims = append(steps[1].Claims, explain.XorClaim(p, heaps, int64(a.NimSum), false, find))
	case c.Move != nil:
		m := c.Move.(Move)
		if pr := a.Pairs[abPairOf(a, m.From)]; pr.Kind == NimPair {
			steps[1].Claims = append(steps[1].Claims, explain.XorStepClaim(p, int64(pr.Gap), int64(a.NimSum), find))
		} else {
			steps[1].Claims = append(steps[1].Claims, explain.XorClaim(p, heaps, int64(a.NimSum), false, find))
		}
	}
	return steps
}

func (t game) Compact(_ solver.Position, m solver.Move) string { return explain.Arrow(m) }

// The ideas of the solution a puzzle can need.
const (
	ThemeReserveMoves = "reserve moves" // letters of one owner facing each other are free moves
	ThemeNimHeaps     = "nim heaps"     // facing letters of both owners are Nim heaps
)

// PositionThemes lists the ideas pos needs: reserve moves, Nim heaps, and
// a XOR of two heaps or more.
func (game) PositionThemes(pos solver.Position) []string {
	a := explain.AnalysisOf[Analysis](pos)
	var out []string
	if a.ReserveA+a.ReserveB > 0 {
		out = append(out, ThemeReserveMoves)
	}
	if len(a.NimHeaps) > 0 {
		out = append(out, ThemeNimHeaps)
	}
	if len(a.NimHeaps) >= 2 {
		out = append(out, explain.ThemeXORToZero)
	}
	return out
}

// Question asks for the fact Numbers works out on this row: the pairs,
// which of them only one player can shrink, and the cells between.
func (t game) Question(c solver.Result, o explain.Options) string {
	p, a := c.Position.(*ABRow), c.Analysis.(Analysis)
	return fmt.Sprintf("On %s, pair the letters from the left (1 with 2, 3 with 4, …; %s): in which pairs do both letters belong to one player, and how many empty cells lie between the letters of each pair?",
		explain.Code(p.Row(), "cells", o), explain.Plural(len(a.Pairs), "pair", "pairs"))
}

// KeyClaims are the numbers KeyNumbers works out, stated in text: the
// XOR of the Nim heaps.
func (t game) KeyClaims(pos solver.Position, text string) []explain.Claim {
	a := explain.AnalysisOf[Analysis](pos)
	return []explain.Claim{explain.XorClaim(pos, explain.Int64s(a.NimHeaps), int64(a.NimSum), false, text)}
}
