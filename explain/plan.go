package explain

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/nimtutor/nimtutor/solver"
)

// Plan is what a game's strategy says about a solved position: the move
// the reply teaches and every move that keeps the best outcome, grouped
// by the kind of move the strategy names.
type Plan struct {
	// Move follows the strategy the reply teaches and keeps the best
	// outcome. It is nil when the mover has no move or every move loses.
	Move solver.Move
	// Groups lists every move that keeps the best outcome, by kind, the
	// taught move's kind first. Empty when every move loses.
	Groups []MoveGroup
	// Complete is false when the position has more moves than the plan
	// checks (see checkedMoves); Groups then hold only the moves among those.
	Complete bool
}

// MoveGroup is a kind of move, in the strategy's words, and its moves.
type MoveGroup struct {
	Kind  string
	Moves []solver.Move
}

// maxChecked is the most moves a plan checks one by one against the
// formula. A position with more (a long binstring has millions) gets a
// plan over its first maxChecked moves, or fewer when it is long.
const maxChecked = 2000

// checkWork bounds a plan's work: each move checked plays and judges the
// whole position, so a long one has fewer moves checked, at least
// minChecked, so that replies on the largest inputs stay fast.
const (
	checkWork  = 2_000_000
	minChecked = 50
)

// checkedMoves is how many moves a plan checks on pos.
func checkedMoves(pos solver.Position) int {
	return max(minChecked, min(maxChecked, checkWork/max(len(pos.String()), 1)))
}

// keepers returns every legal move of pos after which the mover's outcome
// is still want, judged by the formula, and whether every move was
// checked.
func keepers(pos solver.Position, want solver.Outcome) ([]solver.Move, bool) {
	n := checkedMoves(pos)
	moves := solver.FirstMoves(pos, n+1)
	complete := len(moves) <= n
	moves = moves[:min(len(moves), n)]
	var out []solver.Move
	for _, m := range moves {
		next, err := pos.Play(m)
		if err != nil {
			continue
		}
		if o, _ := next.Analyze(); -o == want {
			out = append(out, m)
		}
	}
	return out, complete
}

// NewPlan builds a plan: the taught move, and every move that keeps the
// outcome of c grouped by kindOf, with the taught move's kind first.
func NewPlan(c solver.Result, taught solver.Move, kindOf func(solver.Move) string) Plan {
	pl := Plan{Move: taught, Complete: true}
	if c.Outcome == solver.Loss {
		return pl
	}
	moves, complete := keepers(c.Position, c.Outcome)
	pl.Complete = complete
	if taught != nil && !slices.Contains(moves, taught) {
		moves = append([]solver.Move{taught}, moves...)
	}
	for _, m := range moves {
		k := kindOf(m)
		i := slices.IndexFunc(pl.Groups, func(g MoveGroup) bool { return g.Kind == k })
		if i < 0 {
			pl.Groups = append(pl.Groups, MoveGroup{Kind: k})
			i = len(pl.Groups) - 1
		}
		pl.Groups[i].Moves = append(pl.Groups[i].Moves, m)
	}
	if taught != nil {
		k := kindOf(taught)
		slices.SortStableFunc(pl.Groups, func(a, b MoveGroup) int {
			switch {
			case a.Kind == k && b.Kind != k:
				return -1
			case b.Kind == k && a.Kind != k:
				return 1
			}
			return 0
		})
	}
	return pl
}

// SearchBudget is the most states the searches behind a reply may enter:
// the slowest loss in a lost position and the remoteness of moves. Past
// it the reply falls back on the formula alone. It keeps a reply well
// inside Discord's three seconds.
const SearchBudget = 200_000

// maxSearchLen is the longest position (as text) that is searched at
// all: longer ones go straight to the formula's fallback.
const maxSearchLen = 200

// trickyWork bounds the formula's fallback for a lost position too large
// to search: it plays and judges replies until their text adds up to this
// many characters.
const trickyWork = 4_000_000

// searchValues returns the value of every move of pos by search, or
// ErrBudget when pos is too long or the search too large.
func searchValues(pos solver.Position) ([]solver.MoveValue, error) {
	if len(pos.String()) > maxSearchLen {
		return nil, solver.ErrBudget
	}
	return solver.MoveValues(context.Background(), pos, SearchBudget)
}

// holdOut chooses the move for a player whose every move loses: the
// slowest loss (the most remote) when search reaches, else the move that
// leaves the opponent the fewest winning replies, else the first move.
// value is the move's value when search reached; exact reports that.
func holdOut(pos solver.Position) (m solver.Move, value solver.Value, exact bool) {
	values, err := searchValues(pos)
	if err == nil && len(values) > 0 {
		best := values[0]
		for _, v := range values[1:] {
			if v.Value.Better(best.Value) {
				best = v
			}
		}
		return best.Move, best.Value, true
	}
	if err != nil && !errors.Is(err, solver.ErrBudget) {
		return nil, solver.Value{}, false
	}
	maxReplies := trickyWork / max(len(pos.String()), 1)
	moves := solver.FirstMoves(pos, maxReplies)
	if len(moves) == 0 {
		return nil, solver.Value{}, false
	}
	m = moves[0]
	replies, fewest := 0, -1
	for _, cand := range moves {
		next, err := pos.Play(cand)
		if err != nil {
			continue
		}
		n := 0
		for _, reply := range solver.FirstMoves(next, maxReplies-replies) {
			replies++
			after, err := next.Play(reply)
			if err != nil {
				continue
			}
			if o, _ := after.Analyze(); o == solver.Loss {
				n++
			}
		}
		if fewest < 0 || n < fewest {
			m, fewest = cand, n
		}
		if replies >= maxReplies {
			break
		}
	}
	return m, solver.Value{}, false
}

// MaxPerKind is how many moves of one kind a capped list names.
const MaxPerKind = 4

// GroupsText lists every move of a plan, by kind, as bullet lines; when
// lists are capped, at most MaxPerKind moves a kind.
func GroupsText(pl Plan, name func(solver.Move) string, o Options) string {
	if o.MaxItems > 0 {
		o.MaxItems = min(o.MaxItems, MaxPerKind)
	}
	var items []string
	for _, g := range pl.Groups {
		names := make([]string, len(g.Moves))
		for i, m := range g.Moves {
			names[i] = name(m)
		}
		items = append(items, fmt.Sprintf("%s: %s", g.Kind, Inline(ListOf(names), o)))
	}
	out := Bullets(ListOf(items), Options{})
	if !pl.Complete {
		out += "\n(Only the first moves were checked: the position has too many to check them all.)"
	}
	return out
}

// planCache keeps the plans of the last few positions: one reply asks
// for the explanation, the summary, the hints and the move of the same
// position, and each needs its plan. A plan depends only on the key.
type planCache struct {
	mu    sync.Mutex
	plans map[string]Plan
	order []string
}

// plansKept is how many plans the cache keeps.
const plansKept = 64

var plans = planCache{plans: map[string]Plan{}}

func (pc *planCache) get(key string) (Plan, bool) {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	pl, ok := pc.plans[key]
	return pl, ok
}

func (pc *planCache) put(key string, pl Plan) {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	if _, ok := pc.plans[key]; ok {
		return
	}
	if len(pc.order) >= plansKept {
		delete(pc.plans, pc.order[0])
		pc.order = pc.order[1:]
	}
	pc.plans[key] = pl
	pc.order = append(pc.order, key)
}
