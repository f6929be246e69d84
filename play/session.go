package play

import (
	"context"
	"errors"
	"fmt"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// Session is one game against the bot.
type Session struct {
	// Pos is the position now.
	Pos solver.Position
	// Side is the player the student plays.
	Side solver.Player
	// Kept of Moves of the student's moves kept the best outcome they had.
	Kept, Moves int
	// Last is the bot's latest move, or nil.
	Last solver.Move
}

// Turn is what one call of Start or Move did, in order: sentences for
// the student.
type Turn struct {
	// Judgement is the verdict on the student's move (zero for Start).
	Judgement Judgement
	// Bot is the bot's answer, or nil when the game ended first.
	Bot solver.Move
	// Events say what happened, one sentence each.
	Events []string
	// Why explains a move that was worse than the best one
	// (Judgement.Worse): the position after it, the refutation, the
	// better move and what each is worth. Empty otherwise.
	Why []explain.Step
}

// ErrNotYourTurn is returned by Move when the bot is to move.
var ErrNotYourTurn = errors.New("play: it is the bot's turn")

// oracle returns the search that counts moves for one turn.
func oracle(ctx context.Context, g solver.Game) (*solver.Oracle, context.CancelFunc) {
	ctx, cancel := context.WithTimeout(ctx, solver.ReachTime)
	return solver.NewOracle(ctx, g, solver.ReachBudget), cancel
}

// Start begins a game on pos: the student plays the player to move, or
// with botFirst the other one, and the bot moves first.
func Start(ctx context.Context, pos solver.Position, botFirst bool) (Session, Turn, error) {
	s := Session{Pos: pos, Side: pos.ToMove()}
	var t Turn
	name := pos.Game().PlayerName
	if !botFirst {
		t.Events = append(t.Events, fmt.Sprintf("You play %s and move first.", name(s.Side)))
		return s, t, nil
	}
	s.Side = pos.ToMove().Other()
	t.Events = append(t.Events, fmt.Sprintf("You play %s; the bot moves first.", name(s.Side)))
	o, cancel := oracle(ctx, pos.Game())
	defer cancel()
	err := s.botMove(ctx, o, &t)
	return s, t, err
}

// Move plays the student's move m, judges it and answers with the bot's
// move. An illegal m changes nothing; Play's *solver.InputError says why.
func (s *Session) Move(ctx context.Context, m solver.Move) (Turn, error) {
	if s.Pos.ToMove() != s.Side {
		return Turn{}, ErrNotYourTurn
	}
	o, cancel := oracle(ctx, s.Pos.Game())
	defer cancel()
	next, err := s.Pos.Play(m)
	if err != nil {
		return Turn{}, err
	}
	j, err := Judge(o, s.Pos, m)
	if err != nil {
		return Turn{}, err
	}
	t := Turn{Judgement: j, Events: []string{j.Sentence(m)}}
	if j.Worse() {
		before := solver.Solve(s.Pos)
		before.Move = explain.LocalMove(before)
		// The panel compares the move with the one the feedback names.
		t.Why, _ = explain.Why(ctx, before, m, j.Better)
	}
	s.Moves++
	if j.Class != Mistake {
		s.Kept++
	}
	s.Pos, s.Last = next, nil
	err = s.botMove(ctx, o, &t)
	return t, err
}

// botMove plays the bot's reply if the game is not over: the move the
// tutor recommends (the taught move; in a lost position the slowest loss,
// where the search reaches).
func (s *Session) botMove(ctx context.Context, o *solver.Oracle, t *Turn) error {
	if s.Pos.ToMove() == s.Side || !solver.HasMoves(s.Pos) {
		return nil
	}
	res := solver.Solve(s.Pos)
	m, v, exact := explain.Recommend(ctx, res)
	if m == nil {
		return fmt.Errorf("play: no move recommended in %s %q", s.Pos.Game().Name(), s.Pos)
	}
	next, err := s.Pos.Play(m)
	if err != nil {
		return err
	}
	t.Bot = m
	t.Events = append(t.Events, "The bot answers: "+m.String()+". "+whyBotMove(o, res, next, v, exact))
	s.Pos, s.Last = next, m
	return nil
}

// whyBotMove says in one or two sentences why the bot's move is good.
func whyBotMove(o *solver.Oracle, res solver.Result, next solver.Position, v solver.Value, exact bool) string {
	after, _ := next.Analyze()
	left := ""
	if nv, ok := o.Value(next); ok && nv.Remoteness > 0 && res.Outcome != solver.Loss {
		n := explain.Plural(nv.Remoteness, "move", "moves")
		switch nv.Outcome {
		case solver.Loss:
			left = fmt.Sprintf(" Against perfect play you lose in %s.", n)
		default:
			left = fmt.Sprintf(" With best play the tie comes in %s.", n)
		}
	}
	switch {
	case res.Outcome == solver.Win && after == solver.Loss:
		return "It leaves you a losing position: " + explain.KeyNumbers(next) + "." + left
	case res.Outcome == solver.Tie:
		return "It keeps the game a tie: " + explain.KeyNumbers(next) + "." + left
	case exact:
		return fmt.Sprintf("The bot is losing against perfect play, so it holds out as long as it can (%s) and waits for your mistake.", explain.ValueText(v))
	}
	return "The bot is losing against perfect play, so it leaves you as few winning replies as it can and waits for your mistake."
}

// Over reports whether the game has ended: the player to move has no move.
func (s Session) Over() bool { return !solver.HasMoves(s.Pos) }

// Result is "won", "lost" or "tie" for side when pos is over, else "".
func Result(pos solver.Position, side solver.Player) string {
	if solver.HasMoves(pos) {
		return ""
	}
	w, ok := solver.WinnerOf(pos.ToMove(), pos.Terminal())
	switch {
	case !ok:
		return "tie"
	case w == side:
		return "won"
	}
	return "lost"
}

// Summary says why the game is over, who won and how the student played.
func (s Session) Summary() string {
	result := map[string]string{"won": "You won!", "lost": "The bot won.", "tie": "It's a tie."}[Result(s.Pos, s.Side)]
	result = explain.GameOver(s.Pos) + " " + result
	switch {
	case s.Moves == 0:
		return result + " You made no move."
	case s.Moves == 1 && s.Kept == 1:
		return result + " Your one move kept your best outcome."
	case s.Moves == 1:
		return result + " Your one move gave away your best outcome."
	case s.Kept == s.Moves:
		return fmt.Sprintf("%s All %d of your moves kept your best outcome.", result, s.Moves)
	}
	return fmt.Sprintf("%s %d of your %d moves kept your best outcome.", result, s.Kept, s.Moves)
}
