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
	checkWork  = 50_000
	minChecked = 50
)

// checkedMoves is how many moves a plan checks on pos.
func checkedMoves(pos solver.Position) int {
	return max(minChecked, min(maxChecked, checkWork/max(len(pos.String()), 1)))
}

// keepers returns the moves among the first limit legal moves of pos
// after which the mover's outcome is still want, judged by the formula;
// how many moves it judged; and whether that was every move.
func keepers(pos solver.Position, want solver.Outcome, limit int) (keep []solver.Move, judged int, complete bool) {
	moves := solver.FirstMoves(pos, limit+1)
	complete = len(moves) <= limit
	moves = moves[:min(len(moves), limit)]
	for _, m := range moves {
		if next, err := pos.Play(m); err == nil && -solver.OutcomeOf(next) == want {
			keep = append(keep, m)
		}
	}
	return keep, len(moves), complete
}

// NewPlan builds a plan: the taught move, and every move that keeps the
// outcome of c grouped by kindOf, with the taught move's kind first.
func NewPlan(c solver.Result, taught solver.Move, kindOf func(solver.Move) string) Plan {
	pl := Plan{Move: taught, Complete: true}
	if c.Outcome == solver.Loss {
		return pl
	}
	moves, _, complete := keepers(c.Position, c.Outcome, checkedMoves(c.Position))
	pl.Complete = complete
	if taught != nil {
		// The taught move's kind comes first.
		pl.Groups = []MoveGroup{{Kind: kindOf(taught)}}
		if !slices.Contains(moves, taught) {
			moves = append([]solver.Move{taught}, moves...)
		}
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
	return pl
}

// maxSearchLen is the longest position (as text) that is searched at
// all: longer ones go straight to the formula's fallback.
const maxSearchLen = 64

// trickyWork bounds the formula's fallback for a lost position too large
// to search: it plays and judges replies until their text adds up to this
// many characters (32 replies on a 2000-character position, so that the
// reply stays within a few milliseconds).
const trickyWork = 64_000

// searchValues returns the value of every move of pos by search, or
// ErrBudget when pos is too long or the search too large.
func searchValues(ctx context.Context, pos solver.Position) ([]solver.MoveValue, error) {
	if len(pos.String()) > maxSearchLen {
		return nil, solver.ErrBudget
	}
	ctx, cancel := context.WithTimeout(ctx, solver.ReachTime)
	defer cancel()
	// The budget of the position's own count, so that a reply that can
	// count a game's moves can also find its slowest loss.
	return solver.MoveValues(ctx, pos, solver.ReachBudget)
}

// held is what holdOut found, cached per key: a reply asks for it for
// its move, its hint ladder and its line of play.
type held struct {
	m     solver.Move
	value solver.Value
	exact bool
	// Out of the search's reach, the fallback counted the replies to m:
	// wins of them win for the opponent, of all; counted is false when
	// its work ran out before it had seen them all.
	wins, all int
	counted   bool
}

// holdOut chooses the move for a player whose every move loses: the
// slowest loss (the most remote) when search reaches, else the move that
// leaves the opponent the smallest share of winning replies (a move that
// ends the game last), else the first move.
func holdOut(ctx context.Context, pos solver.Position) held {
	// The move is in pos's own numbering: positions that share a Key
	// (binim's stacks in another order) need their own entry.
	key := Key(pos) + "|" + pos.String()
	if h, ok := holds.get(key); ok {
		return h
	}
	h, final := holdOutUncached(ctx, pos)
	if final && ctx.Err() == nil { // a search cut short is not the answer to keep
		holds.put(key, h)
	}
	return h
}

// holdOutUncached finds the move that holds out longest in pos. final is
// false when the search ran out of time (a busy machine) rather than out
// of states: the move is then the fallback's, and a later, quieter
// request may find the exact one.
func holdOutUncached(ctx context.Context, pos solver.Position) (h held, final bool) {
	values, err := searchValues(ctx, pos)
	if err == nil && len(values) > 0 {
		best := solver.BestOf(values)
		return held{m: best.Move, value: best.Value, exact: true}, true
	}
	final = err == nil || errors.Is(err, solver.ErrBudget)
	if !final && (ctx.Err() != nil || !errors.Is(err, context.DeadlineExceeded)) {
		return held{}, false // the request itself is over, or the search failed
	}
	maxReplies := trickyWork / max(len(pos.String()), 1)
	moves := solver.FirstMoves(pos, maxReplies)
	if len(moves) == 0 {
		return held{}, final
	}
	// The candidate whose replies are least often winning for the
	// opponent, as a share of the replies counted (the work may run out
	// part way through a candidate's replies). A move after which the
	// opponent has no reply ends the lost game at once: the last resort.
	h = held{m: moves[0]}
	replies, best := 0, 2.0
	for _, cand := range moves {
		next, err := pos.Play(cand)
		if err != nil {
			continue
		}
		wins, judged, counted := keepers(next, solver.Win, maxReplies-replies)
		replies += judged
		share := 1.5 // no reply: the game is over, and lost
		if judged > 0 {
			share = float64(len(wins)) / float64(judged)
		}
		if share < best {
			h, best = held{m: cand, wins: len(wins), all: judged, counted: counted}, share
		}
		if replies >= maxReplies {
			break
		}
	}
	return h, final
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
		moves := List{N: len(g.Moves), Item: func(i int) string { return name(g.Moves[i]) }}
		items = append(items, fmt.Sprintf("%s: %s", g.Kind, Inline(moves, o)))
	}
	out := Bullets(ListOf(items), Options{})
	if !pl.Complete {
		out += "\n(Only the first moves were checked: the position has too many to check them all.)"
	}
	return out
}

// recent keeps values of the last few positions by key: one reply asks
// for the explanation, the summary, the hints and the move of the same
// position, and each needs its plan (and, lost, its holding-out move),
// which depend only on the key.
type recent[T any] struct {
	mu    sync.Mutex
	vals  map[string]T
	order []string
}

// recentKept is how many positions each cache keeps.
const recentKept = 64

var (
	plans = &recent[Plan]{}
	holds = &recent[held]{}
)

// ClearPlans empties the plan caches, so that a benchmark pays for the
// plan of every reply it measures.
func ClearPlans() {
	plans.clear()
	holds.clear()
}

func (c *recent[T]) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.vals, c.order = nil, nil
}

func (c *recent[T]) get(key string) (T, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.vals[key]
	return v, ok
}

func (c *recent[T]) put(key string, v T) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.vals[key]; ok {
		return
	}
	if c.vals == nil {
		c.vals = map[string]T{}
	}
	if len(c.order) >= recentKept {
		delete(c.vals, c.order[0])
		c.order = c.order[1:]
	}
	c.vals[key] = v
	c.order = append(c.order, key)
}
