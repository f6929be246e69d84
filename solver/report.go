package solver

import (
	"context"
	"fmt"
	"strings"
)

// VerifyStatus is what checking one position found.
type VerifyStatus int

// The statuses of a VerifyReport.
const (
	// Verified: search and the formula agree.
	Verified VerifyStatus = iota
	// Disagreement: the formula says something else than search.
	Disagreement
	// TooLarge: the position was not searched to the end.
	TooLarge
)

// MaxVerifyLen is the longest position ReportPosition searches: beyond
// it, the number of moves alone (a binstring of n characters has
// n(n+1)/2) makes exhaustive search hopeless, so it says so at once.
const MaxVerifyLen = 200

// InReach reports whether a search of pos as ReportPosition makes it,
// within budget states and MovesPerState moves a state, is worth starting:
// the position is at most MaxVerifyLen characters, packs into a state, and
// its game's Span puts the search within SpanSlack times its budgets. A
// position out of reach is answered at once, with no search.
func InReach(pos Position, budget int) bool {
	if len(pos.String()) > MaxVerifyLen {
		return false
	}
	g := pos.Game()
	st, ok := g.Encode(pos)
	return ok && !boundedSearch(g, budget).outOfReach(st)
}

// Section is one named part of a report: a line in the terminal, a field
// in a Discord embed.
type Section struct {
	Name, Text string
}

// VerifyReport is what exhaustive search of one position found, in words
// but in no transport's format: the command line prints it, the bot
// makes an embed of it.
type VerifyReport struct {
	Status   VerifyStatus
	Title    string
	Sections []Section
	// Moves are the optimal moves search found, and MovesKind what they
	// keep ("winning", "tie-keeping"); MovesText lists them.
	Moves     []string
	MovesKind string
	// NoMoves is the moves section's text when Moves is empty.
	NoMoves string
}

// MovesTitle names the section of optimal moves; "" when the position
// was not searched.
func (r VerifyReport) MovesTitle() string {
	switch {
	case r.Status == TooLarge:
		return ""
	case r.MovesKind == "winning":
		return "Winning moves found by search"
	case r.MovesKind == "tie-keeping":
		return "Tie-keeping moves found by search"
	}
	return "Best moves found by search"
}

// MovesText lists the optimal moves in at most limit bytes (no limit
// when limit <= 0), ending "… and N more" when they do not all fit.
func (r VerifyReport) MovesText(limit int) string {
	if len(r.Moves) == 0 {
		return r.NoMoves
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: ", Count(len(r.Moves), r.MovesKind+" move", r.MovesKind+" moves"))
	for k, m := range r.Moves {
		if k > 0 {
			m = "; " + m
		}
		if limit > 0 && b.Len()+len(m) > limit-40 {
			fmt.Fprintf(&b, "; … and %d more", len(r.Moves)-k)
			break
		}
		b.WriteString(m)
	}
	b.WriteString(".")
	return b.String()
}

// ReportPosition searches pos within budget states and reports what the
// search found and whether the formula agrees. It returns ctx's error if
// ctx ends first.
func ReportPosition(ctx context.Context, pos Position, budget int) (VerifyReport, error) {
	g := pos.Game()
	tableHint := fmt.Sprintf("Every %s position of up to %d %s is proved by exhaustive search in the verification table instead (`nimtutor verify %s` on the command line).", g.Name(), g.VerifySize(), g.SizeLabel(), g.Name())
	tooLarge := func(why string) VerifyReport {
		return VerifyReport{Status: TooLarge, Title: "Too large to search", Sections: []Section{{"Over the budget", why + " " + tableHint}}}
	}
	if n := len(pos.String()); n > MaxVerifyLen {
		return tooLarge(fmt.Sprintf("This position has %d characters; exhaustive search handles at most %d.", n, MaxVerifyLen)), nil
	}
	c, err := CheckPosition(ctx, pos, budget)
	if err != nil {
		return VerifyReport{}, err
	}
	switch e := c.Estimate; {
	case !c.OverBudget:
	case e.States > SpanSlack*float64(budget):
		return tooLarge(fmt.Sprintf("Up to %s can follow from this one, and exhaustive search here stops at %s.", About(e.States, "position", "positions"), Count(budget, "position", "positions"))), nil
	case e.States > 0:
		return tooLarge(fmt.Sprintf("Up to %s can follow from this one, but their search would try %s by estimate, and it stops at %s.", About(e.States, "position", "positions"), About(e.Moves, "move", "moves"), About(float64(MovesPerState*budget), "move", "moves"))), nil
	case c.States == 0:
		return tooLarge("This position does not fit the exhaustive search, which stores each position in 48 bits."), nil
	case c.OverMoves:
		return tooLarge(fmt.Sprintf("The search stopped after %s and %s, its limit of moves tried.", Count(c.States, "position", "positions"), About(float64(c.Moves), "move", "moves"))), nil
	default:
		return tooLarge(fmt.Sprintf("The search stopped at its budget of %s.", Count(budget, "position", "positions"))), nil
	}
	mover := g.PlayerName(pos.ToMove())
	r := VerifyReport{Status: Verified, Title: "Verified: the formula agrees with exhaustive search"}
	agree := "Yes: the formula gives the same result."
	if !c.Agrees() {
		r.Status, r.Title = Disagreement, "Disagreement between the formula and search"
		agree = fmt.Sprintf("No! The formula says %s %s. Please report this position.", mover, c.Formula.Verb())
	}
	r.Sections = []Section{
		{"Positions searched", fmt.Sprint(c.States)},
		{"Verdict by search", fmt.Sprintf("With %s to move, search says: %s %s in %s.", mover, mover, c.Search.Outcome.Verb(), Count(c.Search.Remoteness, "move", "moves"))},
		{"Formula agrees?", agree},
	}
	r.MovesKind = [...]string{"", "tie-keeping", "winning"}[c.Search.Outcome+1]
	for _, m := range c.BestMoves {
		r.Moves = append(r.Moves, m.String())
	}
	r.NoMoves = "None: there is no move to make."
	if c.Search.Outcome == Loss && HasMoves(pos) {
		r.NoMoves = "None: every move loses against perfect play."
	}
	return r, nil
}
