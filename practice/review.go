package practice

import (
	"cmp"
	"context"
	"fmt"
	"strings"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/play"
	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/store"
)

// Mistake is the verdict, as Lichess's game review gives it, on a move
// that threw away the best outcome the learner had.
const Mistake = play.Mistake

// MoveReview is the review of one of the learner's moves.
type MoveReview struct {
	// Ply counts every move of the game from 1; Number counts the learner's.
	Ply, Number int
	// Before is the position the learner moved in.
	Before solver.Position
	Move   solver.Move
	// Judgement is the verdict and the numbers behind it.
	play.Judgement
}

// Review is the review of a whole game.
type Review struct {
	Start solver.Position
	Side  solver.Player
	Moves []MoveReview
	// FirstMistake indexes Moves, or is -1.
	FirstMistake int
	// Exact reports that remoteness was searched (so Slower can be told
	// from Best); for large positions only outcomes are compared.
	Exact bool
	// Result is "won", "lost", "tie" or "" while the game goes on.
	Result string
	// Opponent names the other side in the card: "" is the bot; a duel
	// names the other member.
	Opponent string
}

// reviewBudget bounds the states searched to review one game.
const reviewBudget = 300000

// ReviewGame replays a game from start, where the learner plays side,
// and judges each of the learner's moves.
func ReviewGame(start solver.Position, side solver.Player, moves []solver.Move) (*Review, error) {
	r := &Review{Start: start, Side: side, FirstMistake: -1, Exact: true}
	o := solver.NewOracle(context.Background(), start.Game(), reviewBudget)
	pos := start
	for i, m := range moves {
		if pos.ToMove() == side {
			j, err := play.Judge(o, pos, m)
			if err != nil {
				return nil, fmt.Errorf("move %d (%s): %w", i+1, m, err)
			}
			r.Exact = r.Exact && j.Exact
			mr := MoveReview{Ply: i + 1, Number: len(r.Moves) + 1, Before: pos, Move: m, Judgement: j}
			if mr.Class == play.Mistake && r.FirstMistake < 0 {
				r.FirstMistake = len(r.Moves)
			}
			r.Moves = append(r.Moves, mr)
		}
		next, err := pos.Play(m)
		if err != nil {
			return nil, fmt.Errorf("move %d (%s): %w", i+1, m, err)
		}
		pos = next
	}
	r.Result = play.Result(pos, side)
	return r, nil
}

// ReviewRecord reviews a stored game.
func ReviewRecord(rec store.GameRecord) (*Review, error) {
	g, err := solver.Lookup(rec.Game)
	if err != nil {
		return nil, err
	}
	start, err := solver.Restore(g, rec.Start, solver.Player(rec.StartMover), [2]int{})
	if err != nil {
		return nil, err
	}
	moves, err := ParseMoves(start, rec.Moves)
	if err != nil {
		return nil, err
	}
	return ReviewGame(start, solver.Player(rec.Side), moves)
}

// ParseMoves reads stored moves ("a b" each) played from start.
func ParseMoves(start solver.Position, texts []string) ([]solver.Move, error) {
	var out []solver.Move
	pos := start
	for i, t := range texts {
		m, ok := solver.ParseMove(pos, t)
		if !ok {
			return nil, fmt.Errorf("stored move %d %q is not two numbers", i+1, t)
		}
		next, err := pos.Play(m)
		if err != nil {
			return nil, fmt.Errorf("stored move %d: %w", i+1, err)
		}
		out, pos = append(out, m), next
	}
	return out, nil
}

// MoveText is a move as stored: its two numbers.
func MoveText(m solver.Move) string {
	a, b := m.Numbers()
	return fmt.Sprintf("%d %d", a, b)
}

// Card is the review as text: a line per move, then where the game was
// lost and what would have kept it.
func (r *Review) Card() string {
	var b strings.Builder
	g := r.Start.Game()
	fmt.Fprintf(&b, "You played %s from `%s`.", g.PlayerName(r.Side), r.Start)
	b.WriteString(map[string]string{"won": " You won.", "lost": " " + cmp.Or(r.Opponent, "The bot") + " won.", "tie": " It was a tie."}[r.Result] + "\n")
	counts := map[play.Class]int{}
	for _, m := range r.Moves {
		counts[m.Class]++
		fmt.Fprintf(&b, "%d. %s: **%s**%s\n", m.Number, m.Move, m.Class, m.Note())
	}
	if len(r.Moves) == 0 {
		b.WriteString("You made no move.\n")
	}
	if r.FirstMistake >= 0 {
		m := r.Moves[r.FirstMistake]
		fmt.Fprintf(&b, "\nThe game turned on your move %d in `%s`: %s threw away the %s. The winning alternative was %s.",
			m.Number, m.Before, m.Move, outcomeWord(m.Had), m.Better)
		if k := explain.KeyNumbers(m.Before); k != "" {
			fmt.Fprintf(&b, " Before it, %s.", k)
		}
	} else if len(r.Moves) > 0 {
		b.WriteString("\nNo mistake: every move kept the best outcome you had.")
	}
	fmt.Fprintf(&b, "\nBest %d · slower %d · mistakes %d · forced %d", counts[play.Best], counts[play.Slower], counts[play.Mistake], counts[play.Forced])
	if counts[play.Lost] > 0 {
		fmt.Fprintf(&b, " · already lost %d", counts[play.Lost])
	}
	if !r.Exact {
		b.WriteString(" (too large to search: moves judged by outcome only)")
	}
	b.WriteString(".")
	return b.String()
}

func outcomeWord(o solver.Outcome) string {
	if o == solver.Tie {
		return "tie"
	}
	return "win"
}
