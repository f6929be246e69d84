// Package gametest is the test suite every game package runs on itself:
// the formula and its move against exhaustive search on all small
// positions, the engine's state codec and remoteness against the textbook
// recursion, Moves against Play, the judge against Solve, the explanation
// (verdict, hints that give nothing away, text that fits Discord, golden
// files) and the pictures (golden pixels, the largest inputs within the
// size limit). A game package's test calls Run with a Spec; its fuzz
// targets and benchmarks call FuzzParse, FuzzJudge and the Bench helpers.
// The package imports no game.
package gametest

import (
	"errors"
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/solver"
)

// Update rewrites the golden files in the game package's testdata.
var Update = flag.Bool("update", false, "rewrite the golden files in testdata")

// Spec is what the suite needs to know of one game besides the game.
type Spec struct {
	Game solver.Game
	// Positions calls yield with every starting position of the given
	// size, as text and options: the suite's own enumeration, independent
	// of the game's state codec.
	Positions func(size int, yield func(text string, opts solver.ParseOptions))
	// StartsCount is how many starting positions of a size Starts yields,
	// worked out by hand.
	StartsCount func(size int) int
	// Small is the largest size of the walks over every position reachable
	// from the starting positions, where the textbook recursion is the
	// oracle.
	Small int
	// ExactSpan says that the game's Span counts the states below a
	// state exactly, not just bounds them.
	ExactSpan bool
	// Build makes a position of text, with first to move, without Parse's
	// limits: judge inputs go beyond them.
	Build func(text string, first solver.Player) solver.Position
	// JudgeInput writes positions as one input of the judge.
	JudgeInput func(positions []solver.Position) string
	// Long returns a valid position text of exactly n characters.
	Long func(n int) string
	// Large are positions at the size a slash command allows, by name, for
	// the explanation's summaries and the pictures.
	Large map[string]string
	// Explained are positions whose explanations are kept in
	// testdata/explain_NAME.golden.
	Explained []Case
	// Drawn are positions whose pictures are kept in
	// testdata/picture_NAME_bare.png and _annotated.png, with a hash of
	// their pixels.
	Drawn []Case
	// Samples are the problem's samples: judge inputs and outputs.
	Samples []Sample
	// WhySize, when set, is the largest starting size whose positions the
	// why report is checked on (every legal move of each), instead of
	// Small-1: the report counts moves by a search bounded in time, which
	// must stay instant under load.
	WhySize int
	// NumberedReasoning says that the full reasoning and every hint level
	// state their worked numbers as number claims too (the short card and
	// the why report always must): the claim test then fails an XOR or a
	// total stated outside one.
	NumberedReasoning bool
	// ShortNumbers returns phrases with numbers the short reply of r must
	// state, computed from the analysis, not by the explanation; nil
	// checks none.
	ShortNumbers func(r solver.Result) []string
	// MovePhrase, when set, is another way the short reply may name move
	// m of pos (binim names stacks by content).
	MovePhrase func(pos solver.Position, m solver.Move) string
	// FollowsStrategy says, independently of the game's own code, why the
	// taught move m in pos breaks the strategy the explanation teaches, or
	// "". best holds every optimal move, found by search.
	FollowsStrategy func(pos solver.Position, m solver.Move, best []solver.Move) string
}

// Case is a position for a golden file: text, first player (where the
// game needs one) and moves played from there, each as the two numbers a
// person types.
type Case struct {
	Name, Text, First string
	Moves             [][2]int
}

// Sample is a judge input with its expected output.
type Sample struct{ Input, Output string }

// Run runs the whole suite on s.
func Run(t *testing.T, s Spec) {
	t.Helper()
	for _, tc := range []struct {
		name string
		run  func(*testing.T, Spec)
	}{
		{"Verify", testVerify},
		{"SearchAgreesWithPlainSearch", testPlainSearch},
		{"Codecs", testCodecs},
		{"BestMoveIsFirstKeeping", testBestMove},
		{"MovesAndPlayAgree", testMovesAndPlay},
		{"Remoteness", testRemoteness},
		{"Span", testSpan},
		{"VerifyCatchesWrongFormula", testWrongFormula},
		{"Restore", testRestore},
		{"Identity", testIdentity},
		{"LongPositions", testLong},
		{"JudgeSamples", testJudgeSamples},
		{"JudgeEqualsSolve", testJudgeEqualsSolve},
		{"Explanation", testExplanation},
		{"Strategy", testStrategy},
		{"Ladder", testLadder},
		{"ShortReply", testShortReply},
		{"MoveTable", testMoveTable},
		{"Why", testWhy},
		{"Claims", testClaims},
		{"ExplanationGolden", testExplainGolden},
		{"LargeExplanations", testLargeExplanations},
		{"PictureGolden", testPictureGolden},
		{"LargestPictures", testLargestPictures},
	} {
		t.Run(tc.name, func(t *testing.T) { tc.run(t, s) })
	}
}

// mustParse parses text for g or fails the test.
func mustParse(tb testing.TB, g solver.Game, text string, opts solver.ParseOptions) solver.Position {
	tb.Helper()
	pos, err := g.Parse(text, opts)
	if err != nil {
		tb.Fatalf("%s.Parse(%q, %+v): %v", g.Name(), solver.Clip([]byte(text)), opts, err)
	}
	return pos
}

// position returns the case's position after its moves.
func (c Case) position(tb testing.TB, g solver.Game) solver.Position {
	tb.Helper()
	p := mustParse(tb, g, c.Text, solver.ParseOptions{First: c.First})
	for _, m := range c.Moves {
		next, err := p.Play(g.MoveOf(m[0], m[1]))
		if err != nil {
			tb.Fatalf("%s: play %v: %v", c.Name, m, err)
		}
		p = next
	}
	return p
}

// fullKey names a position with everything in it, trusting no codec.
func fullKey(pos solver.Position) string {
	return fmt.Sprintf("%s|%q|%d|%v", pos.Game().Name(), pos.String(), pos.ToMove(), pos.Held())
}

// playAll plays every listed move of pos and fails the test on any error.
func playAll(tb testing.TB, pos solver.Position) []solver.Position {
	tb.Helper()
	var out []solver.Position
	for _, m := range pos.Moves() {
		next, err := pos.Play(m)
		if err != nil {
			tb.Fatalf("%q: Play(%v), a listed move: %v", pos.String(), m, err)
		}
		out = append(out, next)
	}
	return out
}

// starts calls yield with every starting position of sizes 1..max.
func starts(tb testing.TB, s Spec, max int, yield func(solver.Position)) {
	tb.Helper()
	for size := 1; size <= max; size++ {
		s.Positions(size, func(text string, opts solver.ParseOptions) {
			yield(mustParse(tb, s.Game, text, opts))
		})
	}
}

// walk calls visit once with every position reachable from the starting
// positions of sizes 1..max.
func walk(tb testing.TB, s Spec, max int, visit func(solver.Position)) int {
	tb.Helper()
	seen := map[string]bool{}
	var rec func(pos solver.Position)
	rec = func(pos solver.Position) {
		if seen[fullKey(pos)] {
			return
		}
		seen[fullKey(pos)] = true
		visit(pos)
		for _, next := range playAll(tb, pos) {
			rec(next)
		}
	}
	starts(tb, s, max, rec)
	return len(seen)
}

// wantInputError fails the test unless err is an *InputError whose
// message holds every one of parts.
func wantInputError(tb testing.TB, err error, parts ...string) {
	tb.Helper()
	var ie *solver.InputError
	if !errors.As(err, &ie) {
		tb.Fatalf("error %v (%T) is not an *InputError", err, err)
	}
	for _, p := range parts {
		if !strings.Contains(ie.Error(), p) {
			tb.Errorf("error %q does not mention %q", ie.Error(), p)
		}
	}
}
