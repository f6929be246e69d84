package binim

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// Binary Nim, normal (binim) and misère (binim2). Both are explained on the
// canonical position, the stacks sorted, and name stacks by content, so
// that permuting the stacks changes neither key nor text.

// binimCourse and binim2Course are what the explanation says alike for
// every position of binim and of binim2.
var (
	binimCourse = explain.Course{
		Ask: "Start small. With the single stack `0110` and Dee to move, how many moves can Dee make on it, and can Dum ever move there? " +
			"What if the stack were `1001` instead?",
		Reduce: "Now your stacks. Only the owner of a stack's top symbol can move on it, and the owner can keep it that way. " +
			"Count the moves each player's own stacks give them, and decide who wins.",
		Lessons:    []string{"Each stack belongs to one player", "The rule"},
		Ideas:      []string{ThemeCountingMoves, ThemeOneMoveMargin},
		CannotMove: " and loses",
	}
	binim2Course = explain.Course{
		Ask: "Start small, in misère play, where whoever makes the last move loses. With the single stack `0` and Dee to move, who wins? With `00`? With `01`, and with `010`? " +
			"What changes when a stack's top and bottom differ?",
		Reduce: "Now your stacks. Merge each run of equal symbols into one symbol. A merged stack whose top and bottom differ cancels out; " +
			"one with the same symbol on top and bottom gives its owner an extra move they will be forced to make. Count each player's extra moves and decide who wins.",
		Lessons:    []string{"Merge the runs", "Stacks that cancel out", "Extra moves", "The misère rule"},
		Ideas:      []string{ThemeMisereReserve, ThemeCancelling},
		CannotMove: ", which wins in misère play",
	}
)

// KeyNumbers names the numbers that decide pos, as one clause.
func (t *stackGame) KeyNumbers(pos solver.Position) string {
	p := pos.(*Stacks)
	counts := p.counts()
	return fmt.Sprintf("Dee has %s and Dum %d", p.movesText(counts[0]), counts[1])
}

// movesText counts n of the moves the rule counts: "3 moves" in binim,
// "1 extra move" in binim2.
func (p *Stacks) movesText(n int) string {
	if p.Misere() {
		return explain.Plural(n, "extra move", "extra moves")
	}
	return explain.Plural(n, "move", "moves")
}

// ExplainKey is the game, the player to move and the sorted stacks.
func (t *stackGame) ExplainKey(pos solver.Position) string {
	p := pos.(*Stacks)
	sorted := slices.Sorted(slices.Values(p.Stacks()))
	return p.Game().PlayerName(p.ToMove()) + ":" + strings.Join(sorted, " ")
}

// canonical solves the position with its stacks sorted, unless they are.
func (t *stackGame) Canonical(r solver.Result) solver.Result {
	p := r.Position.(*Stacks)
	if slices.IsSorted(p.Stacks()) {
		return r
	}
	q := &Stacks{game: t, stacks: slices.Sorted(slices.Values(p.Stacks())), mover: p.mover}
	c := solver.Solve(q)
	c.Remoteness, c.MoveRemoteness = r.Remoteness, r.MoveRemoteness
	return c
}

// localMove finds a stack of r's position with the content of the
// canonical move's stack: equal stacks are interchangeable.
func (t *stackGame) LocalMove(r, c solver.Result, m solver.Move) solver.Move {
	sm := m.(Move)
	want := c.Position.(*Stacks).Stacks()[sm.Stack-1]
	for i, s := range r.Position.(*Stacks).Stacks() {
		if s == want {
			return Move{Stack: i + 1, Take: sm.Take}
		}
	}
	return m
}

// topRun is the length of a stack's top run of equal symbols.
func topRun(s string) int {
	n := 1
	for n < len(s) && s[n] == s[0] {
		n++
	}
	return n
}

// Kinds of binim move, in the strategy's words.
const (
	kindOneMove    = "uses up exactly one of your moves"
	kindManyMoves  = "uses up several of your moves at once"
	kindHandOver   = "leaves the opponent's symbol on top, handing them the rest of the stack"
	kindSpendExtra = "spends one of your extra moves"
	kindGiveExtra  = "hands the opponent an extra move"
	kindNoCount    = "changes neither count"
)

// binimKind names what a binim move on p does to the move counts.
func binimKind(p *Stacks, m Move) string {
	s := p.Stacks()[m.Stack-1]
	rest := s[m.Take:]
	if rest != "" && rest[0] != s[0] {
		return kindHandOver
	}
	if strings.Count(s[:m.Take], s[:1]) == 1 {
		return kindOneMove
	}
	return kindManyMoves
}

// binim2Kind names what a binim2 move on p does to the extra moves.
func binim2Kind(p *Stacks, m Move) string {
	s := p.Stacks()[m.Stack-1]
	rest := s[m.Take:]
	switch {
	case s[0] == s[len(s)-1] && (rest == "" || rest[0] != s[0]):
		return kindSpendExtra
	case s[0] != s[len(s)-1] && rest != "" && rest[0] != s[0]:
		return kindGiveExtra
	}
	return kindNoCount
}

// plan teaches binim as "take one own symbol and the opponent's run right
// under it", on the first own stack; and binim2 as "spend one of your
// extra moves (take the top run of an own stack with your symbol on top
// and bottom), or else hand the opponent one (take the top run of an own
// stack whose bottom is theirs)".
func (t *stackGame) Plan(c solver.Result) explain.Plan {
	p := c.Position.(*Stacks)
	var taught solver.Move
	if c.Outcome == solver.Win {
		taught = taughtMove(p)
	}
	return explain.NewPlan(c, taught, func(m solver.Move) string { return t.Kind(p, m) })
}

// taughtMove returns the move Plan teaches in p, on the first own stack
// (for binim2, the first with the mover's symbol at both ends if any).
func taughtMove(p *Stacks) solver.Move {
	own := symbolOf(p.ToMove())
	var first solver.Move
	for i, s := range p.Stacks() {
		switch {
		case s[0] != own:
			continue
		case !p.Misere() && len(s) > 1 && s[1] != own:
			return Move{Stack: i + 1, Take: 1 + topRun(s[1:])}
		case !p.Misere():
			return Move{Stack: i + 1, Take: 1}
		}
		m := Move{Stack: i + 1, Take: topRun(s)}
		if s[len(s)-1] == own {
			return m
		}
		if first == nil {
			first = m
		}
	}
	return first
}

func (t *stackGame) Kind(pos solver.Position, m solver.Move) string {
	p := pos.(*Stacks)
	if p.Misere() {
		return binim2Kind(p, m.(Move))
	}
	return binimKind(p, m.(Move))
}

// Explain applies each idea of the solution to the position, then the verdict and the move.
func (t *stackGame) Explain(c solver.Result, pl explain.Plan, o explain.Options) []explain.Step {
	if p := c.Position.(*Stacks); p.Misere() {
		return append(binim2Steps(p, o), t.Finding(c, pl, o))
	}
	return append(binimSteps(c.Position.(*Stacks), o), t.Finding(c, pl, o))
}

// stackMoveName is a move's short name by content: "take 2 from `0110`".
func stackMoveName(p *Stacks, m solver.Move, o explain.Options) string {
	sm := m.(Move)
	return fmt.Sprintf("take %d from %s", sm.Take, explain.Code(p.Stacks()[sm.Stack-1], "symbols", o))
}

// stackGroupsText lists a plan's moves by kind and, within a kind, by
// stack: "spends one of your extra Moves: `0110` take 1 or 3". Moves on
// equal stacks with the same take are one move.
func stackGroupsText(p *Stacks, pl explain.Plan, o explain.Options) string {
	capped := o
	if o.MaxItems > 0 {
		capped.MaxItems = min(o.MaxItems, explain.MaxPerKind)
	}
	var items []string
	for _, g := range pl.Groups {
		var order []string
		takes := map[string][]string{}
		moves := 0
		for _, m := range g.Moves {
			sm := m.(Move)
			s, take := p.Stacks()[sm.Stack-1], strconv.Itoa(sm.Take)
			if slices.Contains(takes[s], take) {
				continue
			}
			if len(takes[s]) == 0 {
				order = append(order, s)
			}
			takes[s] = append(takes[s], take)
			moves++
		}
		if o.MaxItems > 0 && len(order) > 2 {
			items = append(items, fmt.Sprintf("%s: %d moves on %d different stacks, for example %s",
				g.Kind, moves, len(order), stackMoveName(p, g.Moves[0], o)))
			continue
		}
		parts := make([]string, len(order))
		for i, s := range order {
			list := orList(takes[s])
			if o.MaxItems > 0 && len(takes[s]) > capped.MaxItems {
				list = explain.Inline(explain.ListOf(takes[s]), capped)
			}
			parts[i] = fmt.Sprintf("take %s from %s", list, explain.Code(s, "symbols", o))
		}
		items = append(items, fmt.Sprintf("%s: %s", g.Kind, strings.Join(parts, "; ")))
	}
	return explain.Bullets(explain.ListOf(items), explain.Options{})
}

// orList joins "1", "2", "3" as "1, 2 or 3".
func orList(items []string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}

func (t *stackGame) Finding(c solver.Result, pl explain.Plan, o explain.Options) explain.Step {
	p := c.Position.(*Stacks)
	if !ownTop(p) {
		return explain.FindingStep(fmt.Sprintf("No stack has `%c` on top, so there is no move to find.", symbolOf(p.ToMove())))
	}
	_, other := explain.Players(p)
	me, them := p.margin()
	if c.Move == nil && p.Misere() {
		return explain.FindingStep(fmt.Sprintf("You have more extra moves, %d to %d. A move takes away at most one of yours or hands %s one, so afterwards %s, to move, has at most as many as you: a win for %s, as the fewer wins and level goes to the mover. No move wins here.", me, them, other, other, other))
	}
	if c.Move == nil {
		return explain.FindingStep(fmt.Sprintf("You have %s to %s's %d, not strictly more. Every move uses up at least one of yours and takes none of %s's, so %s, to move next, has at least as many as you. No move wins here.", explain.Plural(me, "move", "moves"), other, them, other, other))
	}
	m := c.Move.(Move)
	body, counted := fmt.Sprintf("You have %s to %s's %d", p.movesText(me), other, them), "extra moves"
	switch kind := binim2Kind(p, m); {
	case !p.Misere():
		body += fmt.Sprintf(". After your move %s must not have strictly more than you, so spend exactly one move and hand over nothing: take one own symbol and the opponent's run right under it, so that your symbol, or nothing, is on top again.", other)
		counted = "counts"
	case kind == kindSpendExtra:
		body += fmt.Sprintf(". After your move %s, to move, must have more than you. Spend one of yours: on a stack with your symbol on top and bottom, take the top run, so that the stack cancels out or is gone.", other)
	default:
		body += fmt.Sprintf(" and none to spend. After your move %s, to move, must have more than you, so hand %s one: on a stack with your symbol on top and %s's at the bottom, take the top run, leaving %s's symbol on top and bottom.", other, other, other, other)
	}
	themAfter, meAfter := explain.AfterMove(c).(*Stacks).margin() // the opponent is to move
	return explain.FindingStep(fmt.Sprintf("%s Here: %s; the %s go to %d for you and %d for %s.\nEvery winning move, by kind:\n%s",
		body, stackMoveText(p, m, o), counted, meAfter, themAfter, other, stackGroupsText(p, pl, o)))
}

func (t *stackGame) Numbers(c solver.Result, o explain.Options) explain.Step {
	p := c.Position.(*Stacks)
	var body string
	if p.Misere() {
		merged, cancel, extra := binim2Parts(p)
		body = fmt.Sprintf("Merged, the stacks are %s. Different top and bottom (they cancel out): %s. Same top and bottom: %s.",
			groupList(merged, o), groupList(cancel, o), groupList(append(extra[0], extra[1]...), o))
	} else {
		owned := binimOwned(p, o)
		body = fmt.Sprintf("Dee's stacks (`0` on top): %s. Dum's stacks (`1` on top): %s.", explain.InlineOrNone(owned[0], o), explain.InlineOrNone(owned[1], o))
	}
	return explain.Step{Body: body + " So " + t.KeyNumbers(p) + "."}
}

func (t *stackGame) Rule(c solver.Result, _ explain.Options) explain.Step {
	p := c.Position.(*Stacks)
	mover, other := explain.Players(p)
	me, them := p.margin()
	rule := "Each player uses up their own moves, one a turn, and whoever runs out on their turn loses. The player to move spends first, so needs strictly more."
	if p.Misere() {
		rule = "In misère play each player wants to run out of moves first. Fewer extra moves run out first; with equal counts the player to move spends one first."
	}
	return explain.Step{Body: fmt.Sprintf("%s Here %s, to move, has %d and %s has %d.", rule, mover, me, other, them)}
}

func (t *stackGame) Pointer(c solver.Result, _ explain.Plan, o explain.Options) explain.Step {
	p := c.Position.(*Stacks)
	switch {
	case !ownTop(p):
		return explain.Step{Body: "No stack has your symbol on top, so there is no move to look for."}
	case c.Move == nil:
		return explain.Step{Body: "No move keeps the counts in your favour here. Look instead for the move after which the opponent's win takes longest: the more moves they must find, the more chances they have to slip."}
	}
	m := c.Move.(Move)
	s := explain.Code(p.Stacks()[m.Stack-1], "symbols", o)
	switch {
	case !p.Misere():
		return explain.Step{Body: fmt.Sprintf("Look at %s: spend exactly one of your moves there, and hand the opponent nothing.", s)}
	case binim2Kind(p, m) == kindSpendExtra:
		return explain.Step{Body: fmt.Sprintf("Look at %s: it holds one of your extra moves. How do you spend it in one move?", s)}
	}
	return explain.Step{Body: fmt.Sprintf("You have no extra move to spend. Look at %s, with your symbol on top and the opponent's at the bottom: how can it become an extra move for them?", s)}
}

func (t *stackGame) Verdict(c solver.Result, o explain.Options) explain.Step {
	p := c.Position.(*Stacks)
	mover, other := explain.Players(p)
	if !ownTop(p) {
		rule := "In normal play that loses"
		if p.Misere() {
			rule = "In misère play a player who cannot move wins"
		}
		return explain.Step{Title: "Verdict", Body: fmt.Sprintf("%s cannot move: no stack has `%c` on top. %s, so **%s wins**.",
			mover, symbolOf(p.ToMove()), rule, c.WinnerName())}
	}
	me, them := p.margin()
	switch {
	case c.Move == nil && p.Misere():
		return explain.Step{Title: "Verdict", Body: fmt.Sprintf(
			"%s has more extra moves (%d against %d), so **%s wins**. Every move of %s's loses: a move removes at most one of %s's own extra moves, or hands %s a new one, "+
				"so %s is then to move with no more extra moves than %s, which is a win for %s.",
			mover, me, them, c.WinnerName(), mover, mover, other, other, mover, other)}
	case c.Move == nil:
		return explain.Step{Title: "Verdict", Body: fmt.Sprintf(
			"%s does not have strictly more moves (%d against %d), so **%s wins**. Every move of %s's loses: it uses up at least one of %s's own moves and can only add moves for %s, "+
				"so %s is then to move with strictly more moves than %s.",
			mover, me, them, c.WinnerName(), mover, mover, other, other, mover)}
	}
	themAfter, meAfter := explain.AfterMove(c).(*Stacks).margin() // the opponent is to move
	why, after := fmt.Sprintf("%s has strictly more moves (%d against %d), so", mover, me, them), "not strictly more, so "+other+" runs out first"
	if p.Misere() {
		why, after = fmt.Sprintf("Since %s has fewer extra moves (%d against %d),", mover, me, them), "more than "+mover+", which the rule scores as a loss for "+other
		if me == them {
			why = fmt.Sprintf("Since the counts are equal (%d each) and %s is to move,", me, mover)
		}
	}
	return explain.Step{Title: "Verdict and move", Body: fmt.Sprintf("%s **%s wins**. Winning move: %s. Afterwards %s is to move with %s against %s's %d: %s.",
		why, c.WinnerName(), stackMoveText(p, c.Move.(Move), o), other, p.movesText(themAfter), mover, meAfter, after)}
}

// group is a stack and how many equal stacks there are.
type group struct {
	stack string
	n     int
}

// groups collects equal stacks of a sorted explain.List, in order.
func groups(sorted []string) []group {
	var out []group
	for _, s := range sorted {
		if len(out) > 0 && out[len(out)-1].stack == s {
			out[len(out)-1].n++
			continue
		}
		out = append(out, group{stack: s, n: 1})
	}
	return out
}

// showStack writes a stack as code, with "×n" for n equal stacks.
func showStack(s string, n int, o explain.Options) string {
	t := explain.Code(s, "symbols", o)
	if n > 1 {
		t += fmt.Sprintf(" ×%d", n)
	}
	return t
}

// stacksIntro says who is to move, who owns what and how the explain.List is ordered.
func stacksIntro(p *Stacks) string {
	mover, _ := explain.Players(p)
	n := len(p.Stacks())
	order := explain.IsAre(n, "stack", "stacks") + "; their order does not matter, so they are listed sorted, equal stacks together."
	if n == 1 {
		order = "There is 1 stack."
	}
	if n == 0 {
		order = "No stacks are left."
	}
	return fmt.Sprintf("%s is to move. Stacks are written top first. Dee may take from a stack with `0` on top, Dum from a stack with `1` on top, any number of symbols from the top. %s", mover, order)
}

// stackMoveText says a canonical stack move by content.
func stackMoveText(p *Stacks, m Move, o explain.Options) string {
	s := p.Stacks()[m.Stack-1]
	n := 0
	for _, t := range p.Stacks() {
		if t == s {
			n++
		}
	}
	where := "the stack " + explain.Code(s, "symbols", o)
	if n > 1 {
		where = fmt.Sprintf("one of the %d stacks %s", n, explain.Code(s, "symbols", o))
	}
	left := "which removes it"
	if rest := s[m.Take:]; rest != "" {
		left = "leaving " + explain.Code(rest, "symbols", o)
	}
	return fmt.Sprintf("**take %d from %s**, %s", m.Take, where, left)
}

// ownTop reports whether the player to move has a stack to take from.
func ownTop(p *Stacks) bool {
	own := symbolOf(p.ToMove())
	return slices.ContainsFunc(p.Stacks(), func(s string) bool { return s[0] == own })
}

// GameOver says why the player to move, who cannot move, has won, lost or tied.
func (t *stackGame) GameOver(pos solver.Position) string {
	p := pos.(*Stacks)
	why := fmt.Sprintf("no stack has `%c` on top", symbolOf(p.ToMove()))
	if len(p.Stacks()) == 0 {
		why = "no stacks are left"
	}
	return explain.CannotMove(p, why, p.Misere())
}

// ---- binim2 ----

// binim2Parts returns the merged stacks, sorted and grouped, and sorts
// them into those that cancel and the extra moves of each player.
func binim2Parts(p *Stacks) (merged, cancel []group, extra [2][]group) {
	ms := make([]string, len(p.Stacks()))
	for i, s := range p.Stacks() {
		ms[i] = Compress(s)
	}
	slices.Sort(ms)
	merged = groups(ms)
	for _, g := range merged {
		if g.stack[0] != g.stack[len(g.stack)-1] {
			cancel = append(cancel, g)
			continue
		}
		owner := g.stack[0] - '0'
		extra[owner] = append(extra[owner], g)
	}
	return merged, cancel, extra
}

// groupList shows groups as inline code, "none" when empty.
func groupList(gs []group, o explain.Options) string {
	items := make([]string, len(gs))
	for i, g := range gs {
		items[i] = showStack(g.stack, g.n, o)
	}
	return explain.InlineOrNone(items, o)
}

// stacksIn counts the stacks of groups.
func stacksIn(gs []group) int {
	n := 0
	for _, g := range gs {
		n += g.n
	}
	return n
}

func binim2Steps(p *Stacks, o explain.Options) []explain.Step {
	_, cancel, extra := binim2Parts(p)
	steps := []explain.Step{{
		Title: "The game",
		Body: stacksIntro(p) + " This is misère play: whoever makes the last move loses, so a player who cannot move wins. " +
			"Dee owns 0, as the official statement says; the editorial's one-paragraph summary swaps the owners of 0 and 1.",
	}}

	var merge []string
	changed := 0
	for _, g := range groups(p.Stacks()) {
		m := Compress(g.stack)
		if m == g.stack {
			merge = append(merge, showStack(g.stack, g.n, o)+" stays as it is")
			continue
		}
		changed += g.n
		merge = append(merge, showStack(g.stack, g.n, o)+" → "+explain.Code(m, "symbols", o))
	}
	body := "A run of equal symbols acts as one symbol: its owner can take the whole run in one move, and leaving part of it on top would only cost another move later."
	switch {
	case len(merge) == 0:
	case changed == 0:
		body += fmt.Sprintf(" No stack here has a run to merge:\n%s\nSo the stacks stay as they are.", explain.Bullets(explain.ListOf(merge), o))
	default:
		body += fmt.Sprintf(" Merging changes %s of the %d:\n%s\nFrom now on we look at the merged stacks.",
			explain.Plural(changed, "stack", "stacks"), len(p.Stacks()), explain.Bullets(explain.ListOf(merge), o))
	}
	steps = append(steps, explain.Step{Title: "Merge the runs", Body: body})

	body = "A merged stack whose top and bottom differ holds as many 0s as 1s. A move on it either takes the whole stack, which changes no count, or leaves the mover's own symbol on top, which only wastes a move, " +
		"or leaves the opponent's symbol on top and bottom; then the opponent answers on the same stack by taking just that top symbol, and the stack again has different top and bottom, or is gone. " +
		"So these stacks never change who is forced to make the last move, and we can ignore them."
	if len(cancel) == 0 {
		body += " No stack here has different top and bottom, so nothing cancels."
	} else {
		body += fmt.Sprintf(" Here %s out: %s.", explain.Plural(stacksIn(cancel), "stack cancels", "stacks cancel"), groupList(cancel, o))
		body += " " + cancelExample(cancel[0].stack, o)
	}
	steps = append(steps, explain.Step{Title: "Stacks that cancel out", Body: body})

	body = "A merged stack with the same symbol on top and bottom holds one more of that symbol than of the other. After the same back-and-forth, its owner is left with one move on it that they are forced to make: one extra move.\n" +
		explain.Bullets(explain.ListOf([]string{
			fmt.Sprintf("Dee's extra moves (`0` on top and bottom): %s, so **%d**", groupList(extra[0], o), stacksIn(extra[0])),
			fmt.Sprintf("Dum's extra moves (`1` on top and bottom): %s, so **%d**", groupList(extra[1], o), stacksIn(extra[1])),
		}), explain.Options{})
	st := explain.Step{Title: "Extra moves", Body: body}
	// The numbers worked out: each player's extra moves, one per stack of
	// theirs listed, against the tally the rule uses.
	counts := p.counts()
	for pl, gs := range extra {
		if len(gs) == 0 {
			continue
		}
		terms := make([]int64, len(gs))
		for i, g := range gs {
			terms[i] = int64(g.n)
		}
		st.Claims = append(st.Claims, explain.SumClaim(p, terms, int64(counts[pl]), body))
	}
	steps = append(steps, st)

	mover, _ := explain.Players(p)
	me, them := p.margin()
	cmp := "the counts are equal"
	if me < them {
		cmp = fmt.Sprintf("%s has fewer", mover)
	} else if me > them {
		cmp = fmt.Sprintf("%s has more", mover)
	}
	steps = append(steps, explain.Step{Title: "The misère rule", Body: fmt.Sprintf(
		"Making the last move loses, so each player wants to run out of moves first; a player who is stuck wins. "+
			"The player with fewer extra moves runs out first and wins. With equal counts the player to move runs out first, because they spend an extra move before the opponent does, so the player to move wins. "+
			"Here %s, to move, has %d and the opponent has %d: %s.", mover, me, them, cmp)})
	return steps
}

// cancelExample shows the answer on one cancelling merged stack.
func cancelExample(s string, o explain.Options) string {
	first := solver.Player(s[0] - '0')
	names := [2]string{"Dee", "Dum"}
	after := "the stack is gone"
	if len(s) > 2 {
		after = explain.Code(s[2:], "symbols", o) + " is left"
	}
	return fmt.Sprintf("For example on %s: if %s takes the top `%c`, %s takes the `%c` under it, and %s.",
		explain.Code(s, "symbols", o), names[first], s[0], names[first.Other()], s[1], after)
}

// ---- binim ----

// binimOwned lists the stacks each player owns (their symbol on top),
// with the number of that player's symbols in each.
func binimOwned(p *Stacks, o explain.Options) [2][]string {
	var out [2][]string
	for _, g := range groups(p.Stacks()) {
		owner, k := stackWorth(g.stack, false)
		each := explain.Plural(k, "move", "moves")
		if g.n > 1 {
			each += " each"
		}
		out[owner] = append(out[owner], fmt.Sprintf("%s: %s", showStack(g.stack, g.n, o), each))
	}
	return out
}

// ownedTerms are the moves each player's stacks give them in normal
// play, stack by stack: the terms of their moves in all.
func ownedTerms(p *Stacks) [2][]int64 {
	var terms [2][]int64
	for _, g := range groups(p.Stacks()) {
		owner, k := stackWorth(g.stack, false)
		for range g.n {
			terms[owner] = append(terms[owner], int64(k))
		}
	}
	return terms
}

func binimSteps(p *Stacks, o explain.Options) []explain.Step {
	owned, counts := binimOwned(p, o), p.counts()
	steps := []explain.Step{{
		Title: "The game",
		Body:  stacksIntro(p) + " This is normal play: a player who cannot move loses.",
	}}
	body := "Only the owner of a stack's top symbol can move on it, and the owner can keep it so: each move takes one own symbol and the opponent's run right under it, " +
		"leaving an own symbol on top or nothing. So the owner gets one move per own symbol in it, and the opponent none."
	for pl, name := range []string{"Dee", "Dum"} {
		if len(owned[pl]) == 0 {
			body += fmt.Sprintf("\n%s owns no stack (`%c` on top): **0** moves.", name, '0'+pl)
			continue
		}
		body += fmt.Sprintf("\n%s's stacks (`%c` on top):\n%s\nIn all %s has **%s**.", name, '0'+pl, explain.Bullets(explain.ListOf(owned[pl]), o), name, explain.Plural(counts[pl], "move", "moves"))
	}
	st := explain.Step{Title: "Each stack belongs to one player", Body: body}
	// The numbers worked out: each owner's moves in all, the sum of their
	// stacks' moves.
	for pl, terms := range ownedTerms(p) {
		if len(terms) > 0 {
			st.Claims = append(st.Claims, explain.SumClaim(p, terms, int64(counts[pl]), body))
		}
	}
	steps = append(steps, st)

	mover, _ := explain.Players(p)
	me, them := p.margin()
	steps = append(steps, explain.Step{Title: "The rule", Body: fmt.Sprintf(
		"Each player simply uses up their own moves, one per turn, and whoever runs out first on their turn loses. The player to move spends a move first, so they win only with strictly more moves than the opponent; with equal counts they run out first. "+
			"Here %s, to move, has %d and the opponent has %d.", mover, me, them)})
	return steps
}

func (t *stackGame) LineMove(pos solver.Position, m solver.Move, o explain.Options) string {
	p := pos.(*Stacks)
	mover, _ := explain.Players(p)
	return mover + " " + strings.Replace(stackMoveName(p, m, o), "take", "takes", 1)
}

func (t *stackGame) Summary(c solver.Result, pl explain.Plan, o explain.Options) []explain.Step {
	p := c.Position.(*Stacks)
	mover, other := explain.Players(p)
	var why, find, rule string
	counts := p.counts()
	me, them := p.margin()
	if p.Misere() {
		merged, cancel, extra := binim2Parts(p)
		if slices.ContainsFunc(p.Stacks(), func(s string) bool { return Compress(s) != s }) {
			why = fmt.Sprintf("Merged: %s. ", groupList(merged, o))
		}
		why += fmt.Sprintf("Extra moves: Dee %d (%s), Dum %d (%s)", counts[0], groupList(extra[0], o), counts[1], groupList(extra[1], o))
		if len(cancel) > 0 {
			why += fmt.Sprintf("; %s %s", groupList(cancel, o), map[bool]string{true: "cancels", false: "cancel"}[stacksIn(cancel) == 1])
		}
		why += "."
		rule = fmt.Sprintf("%s %d, %s %d: in misère the fewer wins, so %s.", mover, me, other, them, c.WinnerName())
		if me == them {
			rule = fmt.Sprintf("%s %d, %s %d: level, so misère hands it to %s, who moves.", mover, me, other, them, mover)
		}
	} else {
		owned := binimOwned(p, o)
		why = fmt.Sprintf("Dee's stacks: %s; %d in all. Dum's: %s; %d in all.", explain.InlineOrNone(owned[0], o), counts[0], explain.InlineOrNone(owned[1], o), counts[1])
		rule = fmt.Sprintf("Only your own stacks give you moves, and the player to move (%s, %d to %d) needs strictly more.", mover, me, them)
	}
	switch {
	case !ownTop(p):
		find = fmt.Sprintf("No stack has `%c` on top, so %s has no move.", symbolOf(p.ToMove()), mover)
	case c.Move == nil && p.Misere():
		find = fmt.Sprintf("A move spends at most one of %s's %d or hands %s one, so %s, to move next, has no more extra moves than %s: in misère the fewer wins, and level goes to the mover.", mover, me, other, other, mover)
	case c.Move == nil:
		find = fmt.Sprintf("Every move spends at least one of %s's %d and none of %s's %d.", mover, me, other, them)
	default:
		m := c.Move.(Move)
		how := "Spend exactly one move"
		if p.Misere() {
			how = map[string]string{kindSpendExtra: "Spend an extra move", kindGiveExtra: "Hand over an extra move"}[binim2Kind(p, m)]
		}
		find = fmt.Sprintf("%s: %s.", how, stackMoveText(p, m, o))
	}
	steps := []explain.Step{{Title: "Why", Body: why}, {Title: "Finding it", Body: find}, {Title: "The rule here", Body: rule}}
	if !p.Misere() {
		// The numbers worked out: each player's moves, stack by stack.
		terms := ownedTerms(p)
		for pl := range terms {
			steps[0].Claims = append(steps[0].Claims, explain.SumClaim(p, terms[pl], int64(counts[pl]), why))
		}
	}
	return steps
}

func (t *stackGame) Compact(_ solver.Position, m solver.Move) string { return m.String() }

// The ideas of the solution a puzzle can need.
const (
	ThemeMisereReserve = "misère reserve"    // binim2: stacks with the same symbol at both ends are spare moves
	ThemeCancelling    = "cancelling stacks" // binim2: stacks with different ends cancel out
	ThemeCountingMoves = "counting moves"    // binim: each player's own 0s or 1s on top are their moves
	ThemeOneMoveMargin = "one-move margin"   // binim: the mover has just one move more than the opponent
)

// PositionThemes lists the ideas pos needs: extra moves and cancelling
// stacks (binim2); counting moves, and a margin of one (binim).
func (g *stackGame) PositionThemes(pos solver.Position) []string {
	p := pos.(*Stacks)
	me, them := p.margin()
	if !g.misere && me == them+1 {
		return []string{ThemeCountingMoves, ThemeOneMoveMargin}
	}
	if !g.misere {
		return []string{ThemeCountingMoves}
	}
	var out []string
	if me+them > 0 {
		out = append(out, ThemeMisereReserve)
	}
	if slices.ContainsFunc(p.stacks, func(s string) bool { return s[0] != s[len(s)-1] }) {
		out = append(out, ThemeCancelling)
	}
	return out
}

// Question asks for the fact Numbers works out on these stacks: in
// BINIM2 the merged stacks and whose extra move each is; in BINIM each
// player's moves.
func (t *stackGame) Question(c solver.Result, o explain.Options) string {
	p := c.Position.(*Stacks)
	stacks := explain.Inline(explain.List{N: len(p.Stacks()), Item: func(i int) string { return explain.Code(p.Stacks()[i], "symbols", o) }}, o)
	if p.Misere() {
		return fmt.Sprintf("Merge the runs of equal symbols in your stacks %s: which merged stacks have the same symbol on top and bottom, and whose extra move is each?", stacks)
	}
	return fmt.Sprintf("In your stacks %s, which have `0` on top (Dee's) and which `1` (Dum's), and how many moves does each give its owner?", stacks)
}
