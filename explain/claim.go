package explain

import (
	"fmt"
	"strings"

	"github.com/nimtutor/nimtutor/solver"
)

// A Claim is one fact a reply states about a position: what is claimed
// (its Kind), about which position and moves, with which numbers. The
// fact is computed once, into a Claim, and the sentence that states it is
// only its rendering (Claim.Text), so that a test can check every claim
// a reply makes against exhaustive search (package games/gametest does,
// on every small position of every game) without reading the words.
type Claim struct {
	Kind ClaimKind `json:"kind"`
	// Pos is the position the claim is about: the player to move in it is
	// "the mover" of Outcome and Remoteness.
	Pos solver.Position `json:"-"`
	// Move and Other are the moves of Pos the claim is about, where its
	// kind names them; Moves a list of them.
	Move  solver.Move   `json:"-"`
	Other solver.Move   `json:"-"`
	Moves []solver.Move `json:"-"`
	// Outcome is the mover's outcome the claim states: of Pos, or of
	// Move for the player making it.
	Outcome solver.Outcome `json:"outcome"`
	// Remoteness counts the moves to the end the claim states, or is -1
	// when it states the outcome alone.
	Remoteness int `json:"remoteness"`
	// Other's value, for a comparison: OtherOutcome and OtherRemoteness.
	OtherOutcome    solver.Outcome `json:"other_outcome"`
	OtherRemoteness int            `json:"other_remoteness"`
	// Relation is how Other compares with Move, for a comparison.
	Relation Relation `json:"relation"`
	// N and Of are the counts of a ClaimReplies: N of the Of replies.
	// N is also the number a ClaimNumber states.
	N, Of int `json:"-"`
	// Op and Terms are how a ClaimNumber's N is worked out: "xor" or
	// "sum" of Terms, or "mod", Terms[0] mod Terms[1]. Grundy marks an N
	// that is also the Sprague–Grundy value of Pos.
	Op     string  `json:"-"`
	Terms  []int64 `json:"-"`
	Grundy bool    `json:"-"`
	// Text is the claim in words, as the reply shows it.
	Text string `json:"text"`
}

// ClaimKind is what a claim states.
type ClaimKind string

// The kinds of claim a reply makes. Every kind has a checker in
// games/gametest; a kind without one fails its test.
const (
	// ClaimOutcome: the player to move in Pos has Outcome with best play.
	ClaimOutcome ClaimKind = "outcome"
	// ClaimValue: with best play the player to move in Pos has Outcome,
	// and the game lasts Remoteness moves.
	ClaimValue ClaimKind = "value"
	// ClaimMoveValue: Move is worth Outcome to the player making it, in
	// Remoteness moves (or the outcome alone when Remoteness is -1).
	ClaimMoveValue ClaimKind = "move value"
	// ClaimCompare: Other compared with Move is Relation (better, equal
	// or worse for the mover), by outcome, then by remoteness when both
	// remoteness values are known.
	ClaimCompare ClaimKind = "compare"
	// ClaimBest: no move of Pos is better than Move (as good as any, the
	// quickest win, the slowest loss); Remoteness is Move's count.
	ClaimBest ClaimKind = "best"
	// ClaimOnly: Move is the only move of Pos that keeps its outcome.
	ClaimOnly ClaimKind = "only"
	// ClaimAlso: every move of Moves keeps the outcome of Pos.
	ClaimAlso ClaimKind = "also"
	// ClaimThrows: Move loses the outcome the mover had in Pos, Outcome,
	// and Other keeps it.
	ClaimThrows ClaimKind = "throws"
	// ClaimReplies: after Move in Pos, N of the Of replies win for the
	// opponent.
	ClaimReplies ClaimKind = "replies"
	// ClaimForced: Move is the only legal move of Pos.
	ClaimForced ClaimKind = "forced"
)

// Relation is how one move compares with another for the player making
// them: by outcome, then by remoteness (a quicker win, a slower loss).
type Relation int8

// The relations, from the second move's side.
const (
	Worse  Relation = -1
	Equal  Relation = 0
	Better Relation = 1
)

// String is "worse", "equal" or "better".
func (r Relation) String() string {
	return map[Relation]string{Worse: "worse", Equal: "equal", Better: "better"}[r]
}

// Compare returns how b compares with a for the player making them: by
// outcome, then by remoteness when exact (both counts known).
func Compare(a, b solver.Value, exact bool) Relation {
	switch {
	case b.Outcome != a.Outcome && b.Outcome > a.Outcome:
		return Better
	case b.Outcome != a.Outcome:
		return Worse
	case !exact:
		return Equal
	case b.Better(a):
		return Better
	case a.Better(b):
		return Worse
	}
	return Equal
}

// Does says what a move worth o in remoteness moves does for the player
// making it, as a verb phrase: "wins in 3 moves", "loses in 1 move", or
// "wins against best play" when the remoteness is unknown (-1).
func Does(o solver.Outcome, remoteness int) string {
	if remoteness < 0 {
		return o.Verb() + " against best play"
	}
	return o.Verb() + " in " + Plural(remoteness, "move", "moves")
}

// MoveValueClaim claims that m, a move of pos, is worth v to its player
// (remoteness -1: the outcome alone): "Take 1 from heap 2 wins in 5
// moves."
func MoveValueClaim(pos solver.Position, m solver.Move, v solver.Value) Claim {
	c := Claim{Kind: ClaimMoveValue, Pos: pos, Move: m, Outcome: v.Outcome, Remoteness: v.Remoteness}
	c.Text = fmt.Sprintf("%s %s.", Capitalise(moveName(pos, m)), Does(v.Outcome, v.Remoteness))
	if v.Remoteness < 0 {
		c.Text = fmt.Sprintf("%s %s (too large to count the moves).", Capitalise(moveName(pos, m)), Does(v.Outcome, -1))
	}
	return c
}

// OutcomeClaim claims the outcome of pos for the player to move, as the
// end of a sentence about the position: "So Dum, to move, loses."
func OutcomeClaim(pos solver.Position, o solver.Outcome) Claim {
	mover, _ := Players(pos)
	c := Claim{Kind: ClaimOutcome, Pos: pos, Outcome: o, Remoteness: -1}
	switch o {
	case solver.Win:
		c.Text = fmt.Sprintf("So %s, to move, wins.", mover)
	case solver.Loss:
		c.Text = fmt.Sprintf("So %s, to move, loses.", mover)
	default:
		c.Text = "So the game is still a tie with best play."
	}
	return c
}

// CompareClaim compares other with m, two moves of pos worth mv and ov
// to the mover; exact says both counts are known. The sentence names
// the mover, both moves and what each does for the mover: "Take 5 from
// heap 2 is better for First: it wins in 15 moves, while take 3 from
// heap 1 loses in 4 moves."
func CompareClaim(pos solver.Position, m, other solver.Move, mv, ov solver.Value, exact bool) Claim {
	rel := Compare(mv, ov, exact)
	c := Claim{Kind: ClaimCompare, Pos: pos, Move: m, Other: other, Relation: rel,
		Outcome: mv.Outcome, Remoteness: mv.Remoteness, OtherOutcome: ov.Outcome, OtherRemoteness: ov.Remoteness}
	if !exact {
		c.Remoteness, c.OtherRemoteness = -1, -1
	}
	mover, _ := Players(pos)
	on, mn := Capitalise(moveName(pos, other)), moveName(pos, m)
	od, md := Does(ov.Outcome, c.OtherRemoteness), Does(mv.Outcome, c.Remoteness)
	switch {
	case rel == Better && ov.Outcome != mv.Outcome:
		c.Text = fmt.Sprintf("%s is better for %s: it %s, while %s %s.", on, mover, od, mn, md)
	case rel == Better && ov.Outcome == solver.Loss:
		c.Text = fmt.Sprintf("%s is better for %s: it %s and %s %s, so it holds out longer.", on, mover, od, mn, md)
	case rel == Better:
		c.Text = fmt.Sprintf("%s is better for %s: it %s and %s %s, so it gets there sooner.", on, mover, od, mn, md)
	case rel == Worse && ov.Outcome != mv.Outcome:
		c.Text = fmt.Sprintf("%s is worse for %s: it %s, while %s %s.", on, mover, od, mn, md)
	case rel == Worse:
		c.Text = fmt.Sprintf("%s is worse for %s: it %s and %s %s, so it %s.", on, mover, od, mn, md, map[bool]string{true: "loses sooner", false: "takes longer"}[ov.Outcome == solver.Loss])
	case !exact:
		c.Text = fmt.Sprintf("%s keeps the same outcome for %s as %s: each %s.", on, mover, mn, od)
	default:
		c.Text = fmt.Sprintf("%s is as good for %s as %s: each %s.", on, mover, mn, od)
	}
	return c
}

// BestClaim claims that m is as good as any move of pos: worth v, which
// no move beats (the quickest win, the slowest loss).
func BestClaim(pos solver.Position, m solver.Move, v solver.Value) Claim {
	c := Claim{Kind: ClaimBest, Pos: pos, Move: m, Outcome: v.Outcome, Remoteness: v.Remoteness}
	switch v.Outcome {
	case solver.Win:
		c.Text = fmt.Sprintf("No move wins sooner than %s.", moveName(pos, m))
	case solver.Loss:
		c.Text = fmt.Sprintf("Every move loses, and none holds out longer than %s.", moveName(pos, m))
	default:
		c.Text = fmt.Sprintf("No move does better than %s.", moveName(pos, m))
	}
	return c
}

// OnlyClaim claims that m is the only move of pos that keeps its outcome
// o (a win or a tie).
func OnlyClaim(pos solver.Position, m solver.Move, o solver.Outcome) Claim {
	c := Claim{Kind: ClaimOnly, Pos: pos, Move: m, Outcome: o, Remoteness: -1}
	if o == solver.Tie {
		c.Text = "The only move that keeps the tie."
	} else {
		c.Text = "The only winning move."
	}
	return c
}

// AlsoClaim claims that every move of moves keeps pos's outcome o; text
// is the sentence that lists them.
func AlsoClaim(pos solver.Position, moves []solver.Move, o solver.Outcome, text string) Claim {
	return Claim{Kind: ClaimAlso, Pos: pos, Moves: moves, Outcome: o, Remoteness: -1, Text: text}
}

// ThrowsClaim claims that m throws away the outcome had (a win or a tie)
// that the mover had in pos, and that other keeps it.
func ThrowsClaim(pos solver.Position, m, other solver.Move, had solver.Outcome) Claim {
	return Claim{Kind: ClaimThrows, Pos: pos, Move: m, Other: other, Outcome: had, Remoteness: -1,
		Text: fmt.Sprintf("That throws away the %s: %s would have kept it.", outcomeNoun(had), moveName(pos, other))}
}

// RepliesClaim claims that after m in pos, wins of the all replies win
// for the opponent.
func RepliesClaim(pos solver.Position, m solver.Move, wins, all int) Claim {
	c := Claim{Kind: ClaimReplies, Pos: pos, Move: m, N: wins, Of: all, Remoteness: -1}
	switch {
	case wins == 1:
		c.Text = fmt.Sprintf("It leaves exactly one winning reply out of %d.", all)
	default:
		c.Text = fmt.Sprintf("It leaves %d winning replies out of %d.", wins, all)
	}
	return c
}

// ForcedClaim claims that m is the only legal move of pos.
func ForcedClaim(pos solver.Position, m solver.Move) Claim {
	return Claim{Kind: ClaimForced, Pos: pos, Move: m, Remoteness: -1, Text: "It was your only move."}
}

// WinnerClaim claims who wins pos with best play, whose mover has o, as
// the verdict says it in bold: "**Ada wins**", or "**tie**".
func WinnerClaim(pos solver.Position, o solver.Outcome) Claim {
	c := Claim{Kind: ClaimOutcome, Pos: pos, Outcome: o, Remoteness: -1, Text: "**tie**"}
	if w, ok := solver.WinnerOf(pos.ToMove(), o); ok {
		c.Text = "**" + pos.Game().PlayerName(w) + " wins**"
	}
	return c
}

// ValueClaim claims the value of pos with best play: "With best play Ada
// wins in 3 moves, both players' moves counted."
func ValueClaim(pos solver.Position, v solver.Value) Claim {
	c := Claim{Kind: ClaimValue, Pos: pos, Outcome: v.Outcome, Remoteness: v.Remoteness}
	n := Plural(v.Remoteness, "move", "moves")
	mover, other := Players(pos)
	switch v.Outcome {
	case solver.Tie:
		c.Text = fmt.Sprintf("With best play the game ends in a tie after %s, both players' moves counted.", n)
	case solver.Win:
		c.Text = fmt.Sprintf("With best play %s wins in %s, both players' moves counted.", mover, n)
	default:
		c.Text = fmt.Sprintf("With best play %s wins in %s, both players' moves counted.", other, n)
	}
	return c
}

// outcomeNoun is "win", "tie" or "loss".
func outcomeNoun(o solver.Outcome) string { return o.String() }

// moveName names m of pos as a sentence says it: "take 1 from heap 2",
// "move the piece on cell 5 to cell 4". The game's short notation
// (Teacher.Compact) is for lines of play, where space is the point.
func moveName(_ solver.Position, m solver.Move) string { return m.String() }

// Join renders claims as one text, each claim's sentence in turn.
func Join(claims ...Claim) string {
	var b strings.Builder
	for i, c := range claims {
		// A claim that continues the sentence before it starts with a
		// comma or a space of its own.
		if i > 0 && !strings.HasPrefix(c.Text, ",") && !strings.HasPrefix(c.Text, " ") {
			b.WriteByte(' ')
		}
		b.WriteString(c.Text)
	}
	return b.String()
}

// MoveName names move m of pos as a sentence says it, numbered as in
// pos: "take 1 from heap 2", "move the piece on cell 5 to cell 4".
func MoveName(pos solver.Position, m solver.Move) string { return moveName(pos, m) }

// ClaimNoMove is the kind of NoMoveClaim: the player to move in Pos has
// no legal move.
const ClaimNoMove ClaimKind = "no move"

// NoMoveClaim claims, in text, that the player to move in pos has no
// legal move.
func NoMoveClaim(pos solver.Position, text string) Claim {
	return Claim{Kind: ClaimNoMove, Pos: pos, Remoteness: -1, Text: text}
}

// LostClaim claims, in text, that no move of pos wins or ties: the
// player to move loses with best play.
func LostClaim(pos solver.Position, text string) Claim {
	return Claim{Kind: ClaimOutcome, Pos: pos, Outcome: solver.Loss, Remoteness: -1, Text: text}
}

// ClaimStep is a step whose body is one claim's sentence.
func ClaimStep(title string, c Claim) Step {
	return Step{Title: title, Body: c.Text, Claims: []Claim{c}}
}

// ClaimAll is the kind of AllClaim: Moves are moves of Pos that keep
// its outcome, Outcome, and when N is 1 they are every such move.
const ClaimAll ClaimKind = "all keeping"

// AllClaim claims, in text, that moves keep pos's outcome o, and when
// complete that no other move does.
func AllClaim(pos solver.Position, moves []solver.Move, o solver.Outcome, complete bool, text string) Claim {
	c := Claim{Kind: ClaimAll, Pos: pos, Moves: moves, Outcome: o, Remoteness: -1, Text: text}
	if complete {
		c.N = 1
	}
	return c
}

// findingClaim is the claim of a step that finds the move in c with
// plan pl, whose body is text: that there is no move, that every move
// loses, or that the plan's moves are the ones that keep the outcome.
func findingClaim(c solver.Result, pl Plan, text string) Claim {
	switch {
	case !solver.HasMoves(c.Position):
		return NoMoveClaim(c.Position, text)
	case pl.Move == nil:
		return LostClaim(c.Position, text)
	}
	var moves []solver.Move
	for _, g := range pl.Groups {
		moves = append(moves, g.Moves...)
	}
	return AllClaim(c.Position, moves, c.Outcome, pl.Complete, text)
}

// claimFinding attaches findingClaim to the step of steps titled title.
func claimFinding(steps []Step, title string, c solver.Result, pl Plan) {
	for i := range steps {
		if steps[i].Title == title {
			steps[i].Claims = append(steps[i].Claims, findingClaim(c, pl, steps[i].Body))
		}
	}
}

// ClaimOver is the kind of OverClaim: the player to move in Pos has no
// legal move, and the end of the game gives them Outcome.
const ClaimOver ClaimKind = "game over"

// OverClaim claims that the player to move in pos has no legal move and
// what that gives them, in the game's words (Teacher.GameOver): "Every
// heap is empty, so First, who is to move, cannot move and loses (normal
// play: the player who cannot move loses)."
func OverClaim(pos solver.Position) Claim {
	return Claim{Kind: ClaimOver, Pos: pos, Outcome: pos.Terminal(), Remoteness: 0, Text: GameOver(pos)}
}

// CannotMove is the sentence of a game's end where the player who cannot
// move loses, or in misère play wins: reason says why the player to move
// in pos has no move ("every heap is empty"), and the sentence says who
// that is and what it gives them.
func CannotMove(pos solver.Position, reason string, misere bool) string {
	mover, _ := Players(pos)
	if misere {
		return fmt.Sprintf("%s, so %s, who is to move, cannot move and wins (misère play: the player who cannot move wins).", Capitalise(reason), mover)
	}
	return fmt.Sprintf("%s, so %s, who is to move, cannot move and loses (normal play: the player who cannot move loses).", Capitalise(reason), mover)
}

// ClaimNumber is the kind of a number worked out in a sentence ("1 xor 2
// xor 3 = 0", "XOR 5", "worth 1 mod 3", "2 in all"): the sentence states
// N, which is Op applied to Terms, and when Grundy is set N is also the
// position's Sprague–Grundy value, which a test finds by the mex
// recursion over its moves.
const ClaimNumber ClaimKind = "number"

// XorClaim claims that text, a sentence about pos, states n, the XOR of
// terms; grundy says that n is also pos's Sprague–Grundy value (normal
// play Nim: the XOR of the heaps).
func XorClaim(pos solver.Position, terms []int64, n int64, grundy bool, text string) Claim {
	return Claim{Kind: ClaimNumber, Pos: pos, Op: "xor", Terms: terms, N: int(n), Grundy: grundy, Remoteness: -1, Text: text}
}

// XorStepClaim claims that text, a sentence about pos, works out a xor
// b, written as "a xor b = n" ("2 xor 3 = 1": the heap of 2 shrunk to 1).
func XorStepClaim(pos solver.Position, a, b int64, text string) Claim {
	return Claim{Kind: ClaimNumber, Pos: pos, Op: "xor step", Terms: []int64{a, b}, N: int(a ^ b), Remoteness: -1, Text: text}
}

// SumClaim claims that text, a sentence about pos, states n, the sum of
// terms.
func SumClaim(pos solver.Position, terms []int64, n int64, text string) Claim {
	return Claim{Kind: ClaimNumber, Pos: pos, Op: "sum", Terms: terms, N: int(n), Remoteness: -1, Text: text}
}

// ModClaim claims that text, a sentence about pos, states n, a mod m.
func ModClaim(pos solver.Position, a, m, n int64, text string) Claim {
	return Claim{Kind: ClaimNumber, Pos: pos, Op: "mod", Terms: []int64{a, m}, N: int(n), Remoteness: -1, Text: text}
}

// Int64s converts ints to the terms of a number claim.
func Int64s(xs []int) []int64 {
	out := make([]int64, len(xs))
	for i, x := range xs {
		out[i] = int64(x)
	}
	return out
}
