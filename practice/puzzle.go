package practice

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/glicko2"
	"github.com/nimtutor/nimtutor/solver"
)

// Puzzle is a position where the player to move wins, and what is known
// about it.
type Puzzle struct {
	// ID is "GAME-SEED"; Parse reads it back.
	ID   string
	Game solver.Game
	Seed uint64
	// Position is the puzzle; its player to move wins.
	Position solver.Position
	// Winning lists every winning move; Moves counts every legal move.
	Winning []solver.Move
	Moves   int
	// Remoteness is how many moves (both sides') the win takes with best
	// play, or -1 when the position is too large to search.
	Remoteness int
	// Themes name the ideas the solution needs.
	Themes []string
	// Estimate is the first rating, before anyone has answered.
	Estimate float64

	hintsOnce sync.Once
	hints     []explain.Step
}

// maxSeed bounds seeds, so ids stay short.
const maxSeed = 1_000_000

// ErrBadID reports a puzzle id that names no puzzle.
var ErrBadID = errors.New("practice: not a puzzle id")

// ParseID splits "GAME-SEED".
func ParseID(id string) (solver.Game, uint64, error) {
	if k := strings.LastIndexByte(id, '-'); k >= 0 {
		g, err := solver.Lookup(id[:k])
		seed, err2 := strconv.ParseUint(id[k+1:], 10, 64)
		if err == nil && err2 == nil && seed >= 1 && seed <= maxSeed {
			return g, seed, nil
		}
	}
	return nil, 0, fmt.Errorf("%w: %q", ErrBadID, id)
}

// puzzleID names the puzzle of game g with seed.
func puzzleID(g solver.Game, seed uint64) string {
	return g.Name() + "-" + strconv.FormatUint(seed, 10)
}

// generateTries bounds how many random positions one seed may draw before
// it finds a puzzle; every game finds one within a few.
const generateTries = 500

// remotenessBudget bounds the states searched for a puzzle's remoteness.
const remotenessBudget = 20000

// Generate builds the puzzle of g with the given seed: it draws positions
// from a generator seeded by (game, seed) until one is won by the player
// to move and not every move wins. The same seed gives the same puzzle.
func Generate(g solver.Game, seed uint64) (*Puzzle, error) {
	if seed == 0 || seed > maxSeed {
		return nil, fmt.Errorf("%w: seed %d is outside 1..%d", ErrBadID, seed, maxSeed)
	}
	h := fnv.New64a()
	h.Write([]byte(g.Name()))
	rng := rand.New(rand.NewPCG(seed, h.Sum64()))
	for range generateTries {
		pos := g.Random(rng)
		if o, _ := pos.Analyze(); o != solver.Win {
			continue
		}
		moves := pos.Moves()
		winning := winningMoves(pos, moves)
		if len(moves) < 2 || len(winning) == len(moves) || len(winning) == 0 {
			continue
		}
		p := &Puzzle{ID: puzzleID(g, seed), Game: g, Seed: seed, Position: pos, Winning: winning, Moves: len(moves)}
		p.Remoteness = remoteness(pos, remotenessBudget)
		p.Themes = explain.PositionThemes(pos)
		p.Estimate = estimate(p)
		return p, nil
	}
	return nil, fmt.Errorf("practice: no puzzle of %s found for seed %d", g.Name(), seed)
}

// winningMoves returns the moves after which the opponent loses.
func winningMoves(pos solver.Position, moves []solver.Move) []solver.Move {
	var out []solver.Move
	for _, m := range moves {
		next, err := pos.Play(m)
		if err != nil {
			continue
		}
		if o, _ := next.Analyze(); o == solver.Loss {
			out = append(out, m)
		}
	}
	return out
}

// remoteness returns pos's remoteness, or -1 if the search passes budget.
func remoteness(pos solver.Position, budget int) int {
	v, ok := solver.Reach(context.Background(), pos, budget)
	if !ok {
		return -1
	}
	return v.Remoteness
}

// estimate is a puzzle's first rating: the fitted difficulty model's
// (difficulty.go), or the hand-made guess if no model is shipped.
// Answers move it from there.
func estimate(p *Puzzle) float64 {
	if model == nil {
		return HandGuess(p)
	}
	return math.Round(min(max(model.Rating(Features(p)), 600), 2600))
}

// InitialRating is the puzzle's Glicko-2 rating before its first answer.
func (p *Puzzle) InitialRating() glicko2.Rating {
	return glicko2.Rating{Rating: p.Estimate, RD: 250, Vol: 0.06}
}

// Solution is the solved position, for hints and explanations.
func (p *Puzzle) Solution() solver.Result { return solver.Solve(p.Position) }

// Hints returns the hint ladder: the last level gives the answer. A
// puzzle is small, so the ladder's searches finish within their budget;
// the ladder is kept for the puzzle's life, so no one request's context
// bounds it.
func (p *Puzzle) Hints() []explain.Step {
	p.hintsOnce.Do(func() { p.hints = explain.Hints(context.Background(), p.Solution(), explain.Options{MaxItems: 8}) })
	return p.hints
}

// IsWinning reports whether m is one of the winning moves.
func (p *Puzzle) IsWinning(m solver.Move) bool { return slices.Contains(p.Winning, m) }

// HasTheme reports whether the puzzle needs the named idea.
func (p *Puzzle) HasTheme(theme string) bool { return slices.Contains(p.Themes, theme) }
