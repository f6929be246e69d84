package nim

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// Nim is explained on the position as given, heaps numbered as the
// student wrote them: the XOR of the heaps in binary, why a XOR of 0 is
// lost for the player to move, and how to find the move that makes it 0.

// xorReduction is how to reduce any position to one number: the XOR.
const xorReduction = "Now your heaps. Write each in binary and XOR them: add each column without carrying, so a column with an odd number of 1s gives 1. " +
	"A move changes exactly one heap. Use your answer to the question to decide what the XOR says about the player to move, and decide who wins."

// normalCourse and misereCourse are what the explanation says alike for
// every position of Nim and of misère Nim.
var (
	normalCourse = explain.Course{
		Ask: "Start small: with two heaps of equal size, say 3 and 3, does the player to move win? What can the other player do after every move? " +
			"And with heaps 1, 2 and 3?",
		Reduce:     xorReduction,
		Lessons:    []string{"The heaps in binary", "Why a XOR of 0 loses"},
		Ideas:      []string{explain.ThemeXORToZero},
		CannotMove: " and loses",
	}
	misereCourse = explain.Course{
		Ask: "Start small, where taking the last object loses: with only heaps of 1, say 1 1 or 1 1 1, does the player to move win? " +
			"And with one heap of 3 beside heaps of 1, how many heaps of 1 would you like to leave?",
		Reduce:     xorReduction + " Then check whether any heap has 2 or more: the end of the game, with only heaps of 1, has a rule of its own.",
		Lessons:    []string{"The heaps in binary", "Normal Nim underneath", "The misère ending"},
		Ideas:      []string{explain.ThemeXORToZero, ThemeMisereEnding},
		CannotMove: ", which wins in misère play",
	}
)

// KeyNumbers names the XOR of the heaps, and in misère play the heaps
// larger than 1, or with none left the count of heaps of 1.
func (g *game) KeyNumbers(pos solver.Position) string {
	t := tallyOf(pos.(*Heaps).heaps)
	switch {
	case g.misere && t.big == 0:
		return fmt.Sprintf("only heaps of 1 are left, %d of them, and in misère play an odd number loses for the player to move", t.ones)
	case g.misere:
		return fmt.Sprintf("the XOR of the heaps is %d, with %s of 2 or more", t.x, explain.Plural(t.big, "heap", "heaps"))
	}
	return fmt.Sprintf("the XOR of the heaps is %d", t.x)
}

// GameOver says why the player to move, with every heap empty, has lost
// (normal play) or won (misère play).
func (g *game) GameOver(pos solver.Position) string {
	reason := "every heap is empty"
	if n := len(pos.(*Heaps).heaps); n == 1 {
		reason = "the only heap is empty"
	} else if n == 2 {
		reason = "both heaps are empty"
	}
	return explain.CannotMove(pos, reason, g.misere)
}

// intoEnding reports whether move m of p leaves misère Nim's ending:
// no heap of 2 or more.
func (g *game) intoEnding(p *Heaps, m solver.Move) bool {
	hm := m.(Move)
	h := p.heaps[hm.Heap-1]
	return g.misere && tallyOf(p.heaps).without(h, h-hm.Take).big == 0
}

// Kind names the kind of a move that keeps the best outcome.
func (g *game) Kind(pos solver.Position, m solver.Move) string {
	if g.intoEnding(pos.(*Heaps), m) {
		return "a move into the ending (it leaves an odd number of heaps of 1)"
	}
	return "a move to a XOR of 0"
}

// Plan teaches the first move, heap by heap, that keeps the outcome:
// shrinking a heap to h xor X, or in the misère ending leaving an odd
// number of heaps of 1.
func (g *game) Plan(c solver.Result) explain.Plan {
	p := c.Position.(*Heaps)
	return explain.NewPlan(c, c.Move, func(m solver.Move) string { return g.Kind(p, m) })
}

// heapItems lists the heaps as "heap 2: 5 = `101`", in binary as wide
// as the largest.
func heapItems(heaps []int) explain.List {
	w := width(heaps)
	return explain.List{N: len(heaps), Item: func(i int) string {
		return fmt.Sprintf("heap %d: %d = `%0*b`", i+1, heaps[i], w, heaps[i])
	}}
}

// width is the binary digits of the largest heap, at least 1: the XOR of
// the heaps is never wider.
func width(heaps []int) int {
	w := 1
	for _, h := range heaps {
		w = max(w, bits.Len(uint(h)))
	}
	return w
}

// Explain walks from the heaps in binary to the XOR, the rule, the way to
// find the move, and the verdict.
func (g *game) Explain(c solver.Result, pl explain.Plan, o explain.Options) []explain.Step {
	p := c.Position.(*Heaps)
	t := tallyOf(p.heaps)
	mover := g.PlayerName(p.mover)
	rule := "Normal play: a player who cannot move loses, so whoever takes the last object wins."
	if g.misere {
		rule = "Misère play: a player who cannot move wins, so whoever takes the last object loses."
	}
	steps := []explain.Step{{Title: "The game", Body: fmt.Sprintf(
		"%s is to move. %s; a move takes any number of objects, at least one, from one heap. %s",
		mover, explain.IsAre(len(p.heaps), "heap", "heaps"), rule)}}

	binary := explain.Step{Title: "The heaps in binary", Body: fmt.Sprintf(
		"Write each heap in binary, one bit a column:\n%s\nThe XOR adds each column without carrying: a column with an odd number of 1s gives 1. %s",
		explain.Bullets(heapItems(p.heaps), o), explain.XorSentence(p.heaps))}
	steps = append(steps, g.withXor(p, binary))

	title, lead := "Why a XOR of 0 loses", ""
	if g.misere {
		title, lead = "Normal Nim underneath", "First think of normal play, where taking the last object wins. "
	}
	steps = append(steps, explain.Step{Title: title, Body: lead + "A move changes exactly one heap, so it changes at least one bit of the XOR: from a XOR of 0 every move leaves a XOR that is not 0. " +
		"From a XOR that is not 0 there is always a move back to 0: take the highest 1 bit of the XOR, pick a heap that has that bit, and shrink it to heap xor XOR, which is smaller. " +
		"The player who always leaves 0 makes the last move, because the empty position has a XOR of 0."})
	if g.misere {
		steps = append(steps, explain.Step{Title: "The misère ending", Body: fmt.Sprintf(
			"Play exactly as in normal Nim while some heap has 2 or more. The only change comes at the end: when your move would leave only heaps of 0 and 1, leave an odd number of heaps of 1, so that the opponent takes the last object. "+
				"Here %s of 2 or more and %s of 1 are left.", explain.Plural(t.big, "heap", "heaps"), explain.Plural(t.ones, "heap", "heaps"))})
	}
	return append(steps, g.Finding(c, pl, o))
}

// finding shows how to find the move on this position's numbers.
func (g *game) Finding(c solver.Result, pl explain.Plan, o explain.Options) explain.Step {
	p := c.Position.(*Heaps)
	t := tallyOf(p.heaps)
	switch {
	case pl.Move == nil && g.misere && t.big == 0 && t.ones > 0:
		return explain.FindingStep(fmt.Sprintf("No move keeps the game for the player to move: only heaps of 1 are left, an odd number (%d), and every move takes one of them, leaving the opponent an even number, from which they leave an odd number again.", t.ones))
	case pl.Move == nil:
		return explain.FindingStep("No move keeps the game for the player to move: every move hands the opponent a winning position.")
	}
	body := ""
	if g.intoEnding(p, pl.Move) {
		m := pl.Move.(Move)
		if t.big == 0 {
			body = fmt.Sprintf("Only heaps of 1 are left, an even number (%d): take one, leaving an odd number, so that the opponent takes the last object.", t.ones)
		} else {
			body = fmt.Sprintf("Heap %d is the only heap of 2 or more, so this move shapes the ending: after it no heap has 2 or more. Shrink it to %d so that an odd number of heaps of 1 is left.", m.Heap, p.heaps[m.Heap-1]-m.Take)
		}
	} else {
		hb := bits.Len(uint(t.x)) - 1
		body = fmt.Sprintf("The XOR is %d, its highest 1 bit is the %s column (%d). A heap with that bit is shrunk to heap xor %d:", t.x, ordinalBit(hb), 1<<hb, t.x)
		var lines []string
		for i, h := range p.heaps {
			if h>>hb&1 == 1 {
				lines = append(lines, fmt.Sprintf("heap %d: %d xor %d = %d, take %d", i+1, h, t.x, h^t.x, h-(h^t.x)))
			}
		}
		body += "\n" + explain.Bullets(explain.ListOf(lines), o)
	}
	st := explain.FindingStep(body + "\nEvery move that keeps the win:\n" + explain.GroupsText(pl, solver.Move.String, o))
	if !g.intoEnding(p, pl.Move) {
		st = g.withXor(p, st)
		// Each heap with the XOR's highest bit, shrunk to heap xor XOR.
		hb := bits.Len(uint(t.x)) - 1
		for _, h := range p.heaps {
			if h>>hb&1 == 1 {
				st.Claims = append(st.Claims, explain.XorStepClaim(p, int64(h), int64(t.x), st.Body))
			}
		}
	}
	return st
}

// withXor adds to st, a step about p whose body works out the XOR of the
// heaps, that number as a claim: in normal play the position's
// Sprague–Grundy value.
func (g *game) withXor(p *Heaps, st explain.Step) explain.Step {
	st.Claims = append(st.Claims, explain.XorClaim(p, explain.Int64s(p.heaps), int64(tallyOf(p.heaps).x), !g.misere, st.Body))
	return st
}

// ordinalBit names a bit column: "1s", "2s", "4s".
func ordinalBit(b int) string { return strconv.Itoa(1<<b) + "s" }

// Verdict states who wins and the move.
func (g *game) Verdict(c solver.Result, _ explain.Options) explain.Step {
	p := c.Position.(*Heaps)
	t := tallyOf(p.heaps)
	mover, other := explain.Players(p)
	if t.x == 0 && t.ones == 0 && t.big == 0 {
		return explain.Step{Title: "Verdict", Body: g.GameOver(p) + " " + explain.VerdictSentence(c)}
	}
	why := fmt.Sprintf("The XOR is %d", t.x)
	switch {
	case g.misere && t.big == 0:
		why = fmt.Sprintf("Only heaps of 1 are left, %d of them", t.ones)
	case g.misere && t.big == 1:
		why = fmt.Sprintf("Exactly one heap has 2 or more, and %s decides how many heaps of 1 are left", mover)
	}
	if c.Move == nil {
		st := explain.Step{Title: "Verdict", Body: fmt.Sprintf("%s, so **%s wins**: every move of %s's leaves %s a position to win from.", why, c.WinnerName(), mover, other)}
		if !g.misere || t.big > 1 {
			st = g.withXor(p, st)
		}
		return st
	}
	next := explain.AfterMove(c)
	nt := tallyOf(next.(*Heaps).heaps)
	after := fmt.Sprintf("a XOR of %d", nt.x)
	if g.misere && nt.big == 0 {
		after = explain.Plural(nt.ones, "heap", "heaps") + " of 1"
	}
	st := explain.Step{Title: "Verdict and move", Body: fmt.Sprintf("%s, so **%s wins**. Winning move: **%s**. Afterwards %s is to move facing %s.",
		why, c.WinnerName(), c.Move, other, after)}
	if !g.misere || t.big > 1 {
		st = g.withXor(p, st)
	}
	if !g.misere || nt.big > 0 {
		nh := next.(*Heaps)
		st.Claims = append(st.Claims, explain.XorClaim(nh, explain.Int64s(nh.heaps), int64(nt.x), !g.misere, st.Body))
	}
	return st
}

// Numbers gives the heaps in binary and their XOR.
func (g *game) Numbers(c solver.Result, o explain.Options) explain.Step {
	p := c.Position.(*Heaps)
	t := tallyOf(p.heaps)
	body := fmt.Sprintf("Your heaps in binary:\n%s\n%s", explain.Bullets(heapItems(p.heaps), o), explain.XorSentence(p.heaps))
	if g.misere {
		body += fmt.Sprintf(" Heaps of 2 or more: %d; heaps of 1: %d.", t.big, t.ones)
	}
	return g.withXor(p, explain.Step{Body: body})
}

// Rule turns the numbers into a verdict.
func (g *game) Rule(c solver.Result, _ explain.Options) explain.Step {
	p := c.Position.(*Heaps)
	t := tallyOf(p.heaps)
	if g.misere {
		return g.withXor(p, explain.Step{Body: fmt.Sprintf("While some heap has 2 or more, misère Nim is won like normal Nim: the player to move wins exactly when the XOR is not 0. "+
			"With only heaps of 1 left, the player to move wins exactly when their number is even. Here the XOR is %d, %s of 2 or more, and %s is to move.",
			t.x, explain.Plural(t.big, "heap", "heaps"), g.PlayerName(p.mover))})
	}
	return g.withXor(p, explain.Step{Body: fmt.Sprintf("A move from a XOR of 0 always leaves a XOR that is not 0, and from a XOR that is not 0 there is always a move back to 0: the player to move wins exactly when the XOR is not 0. Here it is %d, and %s is to move.",
		t.x, g.PlayerName(p.mover))})
}

// Pointer says where to look for the move without naming it.
func (g *game) Pointer(c solver.Result, pl explain.Plan, _ explain.Options) explain.Step {
	p := c.Position.(*Heaps)
	t := tallyOf(p.heaps)
	switch {
	case !solver.HasMoves(p):
		return explain.Step{Body: "Every heap is empty, so there is no move to look for."}
	case c.Move == nil:
		return explain.Step{Body: "No move brings the position to one the opponent loses. Look instead for the move after which the opponent's win takes longest: the more moves they must find, the more chances they have to slip."}
	case g.intoEnding(p, c.Move):
		return explain.Step{Body: "Your move is the last that can shape the end of the game: after it only heaps of 1 are left. How many of them should there be?"}
	}
	hb := bits.Len(uint(t.x)) - 1
	return explain.Step{Body: fmt.Sprintf("Look at the %s column, the highest 1 bit of the XOR: a heap with a 1 there can be shrunk to heap xor XOR. Which heap, and to what size?", ordinalBit(hb))}
}

// LineMove says a move for a line of play: "Player 1 takes 2 from heap 3".
func (g *game) LineMove(pos solver.Position, m solver.Move, _ explain.Options) string {
	return g.PlayerName(pos.ToMove()) + " " + strings.Replace(m.String(), "take", "takes", 1)
}

// Compact names a move shortly: "heap 2 −3".
func (g *game) Compact(_ solver.Position, m solver.Move) string {
	hm := m.(Move)
	return fmt.Sprintf("heap %d −%d", hm.Heap, hm.Take)
}

// Summary is the short reply: the XOR and what it says, how the move is
// found, and the rule here.
func (g *game) Summary(c solver.Result, pl explain.Plan, o explain.Options) []explain.Step {
	p := c.Position.(*Heaps)
	t := tallyOf(p.heaps)
	// The rule, said on this position's numbers.
	rule := fmt.Sprintf("XOR %d: %s", t.x, map[bool]string{true: "any move breaks it and the opponent restores it, so the mover loses.", false: "shrink one heap to make it 0, then keep it 0."}[t.x == 0])
	if g.misere {
		switch {
		case t.big == 0 && t.ones == 1:
			rule = "One heap of 1 is left: in misère play whoever takes the last object loses."
		case t.big == 0 && t.ones%2 == 1:
			rule = fmt.Sprintf("Only heaps of 1 are left (%d, odd): whoever faces an odd count loses.", t.ones)
		case t.big == 0:
			rule = fmt.Sprintf("Only heaps of 1 are left (%d, even): take one to leave an odd count.", t.ones)
		case t.big == 1:
			rule = "One heap of 2 or more: shrink it to leave an odd count of heaps of 1."
		default:
			rule = fmt.Sprintf("%d heaps of 2 or more: play normal Nim (XOR %d) until one is left.", t.big, t.x)
		}
	}
	if !solver.HasMoves(p) {
		return []explain.Step{{Title: "Why", Body: g.GameOver(p)}, {Title: "The rule here", Body: rule}}
	}
	why := fmt.Sprintf("Heaps %s, XOR %d", explain.Inline(explain.Ints(p.heaps), o), t.x)
	switch {
	case g.misere && t.big == 0:
		// The XOR plays no part here: the count of heaps of 1 decides.
		why = fmt.Sprintf("Heaps %s: only heaps of 1, %d of them (%s).", explain.Inline(explain.Ints(p.heaps), o), t.ones, map[bool]string{true: "odd", false: "even"}[t.ones%2 == 1])
	case g.misere && t.big == 1:
		why += "; one heap of 2 or more."
	case t.x == 0:
		why += "."
	default:
		why += ", not 0."
	}
	find := "Every move changes one heap and so breaks the XOR of 0: no move leaves the opponent a lost position."
	switch {
	case g.misere && c.Move == nil && t.big == 0 && t.ones == 1:
		find = "The only move takes the last object, and then the opponent, who cannot move, wins in misère play."
	case g.misere && c.Move == nil && t.big == 0:
		find = fmt.Sprintf("Each move takes a heap of 1, leaving an even number (%d); the opponent leaves an odd number again, so you take the last object and lose.", t.ones-1)
	case g.misere && c.Move == nil:
		find = "Every move changes the XOR; the opponent restores 0, or, with one heap of 2 or more left, leaves an odd number of heaps of 1."
	}
	if c.Move != nil {
		m := c.Move.(Move)
		h := p.heaps[m.Heap-1]
		switch {
		case g.intoEnding(p, m) && t.big == 0:
			find = fmt.Sprintf("%s leaves an odd number (%d): the opponent takes the last one.", explain.Capitalise(m.String()), t.ones-1)
		case g.intoEnding(p, m):
			find = fmt.Sprintf("Only heap %d has 2 or more: %s to leave an odd number of heaps of 1.", m.Heap, m)
		default:
			find = fmt.Sprintf("Heap %d has the XOR's highest bit: %d xor %d = %d, so %s.", m.Heap, h, t.x, h^t.x, m)
		}
	}
	steps := []explain.Step{{Title: "Why", Body: why}, {Title: "Finding it", Body: find}, {Title: "The rule here", Body: rule}}
	// The numbers worked out: the XOR of the heaps (in normal play the
	// position's Sprague–Grundy value), and the heap the move shrinks to.
	heaps := explain.Int64s(p.heaps)
	for i, st := range steps {
		if strings.Contains(st.Body, "XOR") && !(g.misere && t.big == 0) {
			steps[i].Claims = append(steps[i].Claims, explain.XorClaim(p, heaps, int64(t.x), !g.misere, st.Body))
		}
	}
	if c.Move != nil && !g.intoEnding(p, c.Move) {
		m := c.Move.(Move)
		h := p.heaps[m.Heap-1]
		steps[1].Claims = append(steps[1].Claims, explain.XorStepClaim(p, int64(h), int64(t.x), find))
	}
	return steps
}

// The ideas of the solution a puzzle can need.
const ThemeMisereEnding = "misère ending" // leave an odd number of heaps of 1

// PositionThemes lists the ideas pos needs: a XOR to bring to 0, and in
// misère play an ending within one move.
func (g *game) PositionThemes(pos solver.Position) []string {
	t := tallyOf(pos.(*Heaps).heaps)
	var out []string
	if t.x != 0 && t.big > 0 {
		out = append(out, explain.ThemeXORToZero)
	}
	if g.misere && t.big <= 1 && t.ones+t.big > 0 {
		out = append(out, ThemeMisereEnding)
	}
	return out
}

// Question asks for the fact Numbers works out on these heaps: the
// columns of their binary digits with an odd number of 1s (the XOR), and
// in misère play how many heaps are 2 or more.
func (g *game) Question(c solver.Result, o explain.Options) string {
	p := c.Position.(*Heaps)
	q := fmt.Sprintf("Your heaps are %s. Write each in binary: in which bit columns is the number of 1s odd, and what number do those columns make?", explain.Inline(explain.Ints(p.heaps), o))
	if g.misere {
		q += " And how many heaps have 2 or more: none, one, or several?"
	}
	return q
}

// KeyClaims are the numbers KeyNumbers works out, stated in text: the
// XOR of the heaps, in normal play the position's Sprague–Grundy value.
func (g *game) KeyClaims(pos solver.Position, text string) []explain.Claim {
	p := pos.(*Heaps)
	t := tallyOf(p.heaps)
	if g.misere && t.big == 0 {
		return nil
	}
	return []explain.Claim{explain.XorClaim(p, explain.Int64s(p.heaps), int64(t.x), !g.misere, text)}
}
