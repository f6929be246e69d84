package heaps

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// Game is the registered game: heap games whose rule is part of the
// position. Its own rule, for the verify table and the engine's states,
// is Kayles; every position it parses belongs to the game of its own
// rules (gameFor), which shares its name.
var Game solver.Game = gameFor([]*Rule{mustRule("kayles")})

// game implements solver.Game, explain.Teacher, render.Drawer,
// check.Generator and learn.Linker for the positions of one list of term
// rules: a move's address names a term, so the rules decide how a move's
// two numbers read.
type game struct {
	*explain.Course
	rules []*Rule
	key   string
}

// Limits of the judge.
const strictMaxTests = 1000

// games keeps the game of each list of rules met, by key.
var games = struct {
	sync.Mutex
	m map[string]*game
}{m: map[string]*game{}}

// rulesKey names a list of rules: their texts joined by " + ".
func rulesKey(rules []*Rule) string {
	names := make([]string, len(rules))
	for i, r := range rules {
		names[i] = r.String()
	}
	return strings.Join(names, " + ")
}

// gameFor returns the game of a list of term rules.
func gameFor(rules []*Rule) *game {
	key := rulesKey(rules)
	games.Lock()
	defer games.Unlock()
	if g, ok := games.m[key]; ok {
		return g
	}
	if len(games.m) >= 1024 {
		clear(games.m)
	}
	g := &game{Course: &course, rules: rules, key: key}
	games.m[key] = g
	return g
}

// ForRule returns the game of the rules in text, terms joined by "+":
// its verify table walks their starting positions.
func (g *game) ForRule(text string) (solver.Game, error) {
	var rules []*Rule
	for i, part := range strings.Split(text, "+") {
		where := ""
		if strings.Contains(text, "+") {
			where = fmt.Sprintf("term %d: ", i+1)
		}
		r, rest, err := parseRuleHead(part, where)
		if err != nil {
			return nil, err
		}
		if strings.TrimSpace(rest) != "" {
			return nil, ruleError(where, "%q follows the rule %s; give rules only", solver.Clip([]byte(strings.TrimSpace(rest))), r)
		}
		rules = append(rules, r)
	}
	return gameFor(rules), nil
}

// mustRule parses a rule the package names itself.
func mustRule(text string) *Rule {
	r, rest, err := parseRuleHead(text, "")
	if err != nil || strings.TrimSpace(rest) != "" {
		panic("heaps: bad built-in rule " + text)
	}
	return r
}

func (g *game) Name() string { return "heaps" }
func (g *game) Title() string {
	return "Heap games by rule (subtraction, octal, Wythoff, Moore, staircase, Hackenbush)"
}
func (g *game) NeedsFirst() bool { return false }
func (g *game) Format() string {
	return "a rule, a colon and its heaps, e.g. octal 0.77: 5 7 or subtract 1,3,4: 9; join rules with +"
}
func (g *game) MoveFormat() string {
	return "the heap (100000·(term−1) + heap in a sum) and how many to take, e.g. 2 3; see /heaps moves"
}
func (g *game) SizeLabel() string { return "objects in all" }

// VerifyBound is the largest total the verify table accepts: from 16
// on, the default rule's splits reach positions with more heaps than a
// state holds (solver.ErrUnpackable), so no exhaustive table can finish.
func (g *game) VerifyBound() int { return 15 }

// VerifySize is the largest total the verify table checks by default.
func (g *game) VerifySize() int {
	size := 10
	for _, r := range g.rules {
		switch r.fam {
		case famTree:
			size = min(size, 6)
		case famMoore, famStair:
			size = min(size, 8)
		}
	}
	if len(g.rules) > 1 {
		size = min(size, 7)
	}
	return size
}

// Examples are positions of each family.
func (g *game) Examples() []string {
	return []string{
		"octal 0.77: 70 71 200",
		"subtract 1,3,4: 5 7 9",
		"dawson: 10 20",
		"wythoff: 3 5",
		"moore 2: 3 5 6",
		"staircase: 3 0 4 1",
		"hackenbush: 0 1 1 / 0 1 2",
		"kayles 5 + subtract(1,2) 4 + nim 3",
	}
}

// PlayerName names the players First and Second, as the judge does.
func (g *game) PlayerName(p solver.Player) string { return [2]string{"First", "Second"}[p] }

// MoveOf reads a move typed as its address and code, by the family of
// the term the address names.
func (g *game) MoveOf(a, b int) solver.Move {
	m := Move{At: a, Code: b}
	if t, _ := m.where(); t >= 0 && t < len(g.rules) {
		m.fam = g.rules[t].fam
	}
	return m
}

// Parse reads a position with its rules: terms "RULE: ARGS" joined by
// "+". The position belongs to the game of its rules.
func (g *game) Parse(text string, opts solver.ParseOptions) (solver.Position, error) {
	text = strings.TrimSpace(text)
	if err := solver.CheckLength(text, "a rule and its heaps, for example kayles: 5 7", opts); err != nil {
		return nil, err
	}
	terms, err := parsePosition(text)
	if err != nil {
		return nil, err
	}
	rules := make([]*Rule, len(terms))
	for i, t := range terms {
		rules[i] = t.rule
	}
	return &Pos{game: gameFor(rules), terms: terms}, nil
}

// Restore rebuilds a position in the middle of a game.
func (g *game) Restore(text string, mover solver.Player, held [2]int) (solver.Position, error) {
	return solver.RestoreUnscored(g, text, mover, held, func(p *Pos) { p.mover = mover })
}

// practiceRules are the rule lists the registered game's puzzles draw
// from: a puzzle of every family.
var practiceRules = [][]string{{"kayles"}, {"dawson"}, {"subtract 1,3,4"}, {"subtract 2,5"}, {"octal 0.6"},
	{"wythoff"}, {"moore 2"}, {"staircase"}, {"hackenbush"}, {"kayles", "subtract 1,2", "nim"}}

// Random returns a small starting position. The registered game draws a
// family first (practiceRules), for puzzles of every family; the game of
// other rules keeps its own. The position has its own rules:
// one to three components (in a sum of terms, one or two a term) of
// sizes that keep the moves few and the search quick.
func (g *game) Random(r *rand.Rand) solver.Position {
	if g == Game {
		names := practiceRules[r.IntN(len(practiceRules))]
		rules := make([]*Rule, len(names))
		for i, n := range names {
			rules[i] = mustRule(n)
		}
		g = gameFor(rules)
	}
	p := &Pos{game: g}
	n, top := 3, 9
	if len(g.rules) > 1 {
		n, top = 2, 4
	}
	for _, rule := range g.rules {
		p.terms = append(p.terms, randomTerm(r, rule, 1+r.IntN(n), top))
	}
	return p
}

// randomTerm makes a term of rule with about n components of up to max.
func randomTerm(r *rand.Rand, rule *Rule, n int, top int) term {
	t := term{rule: rule}
	switch rule.fam {
	case famWythoff:
		t.comps = []comp{{xs: []int64{int64(r.IntN(top + 1)), int64(r.IntN(top + 1))}}}
	case famMoore:
		xs := make([]int64, 2+r.IntN(2))
		for i := range xs {
			xs[i] = int64(r.IntN(min(top, 7) + 1))
		}
		t.comps = []comp{{xs: xs}}
	case famStair:
		xs := make([]int64, 2+r.IntN(3))
		for i := range xs {
			xs[i] = int64(r.IntN(top/2 + 1))
		}
		t.comps = []comp{{xs: xs}}
	case famTree:
		for range min(n, 2) {
			m := 1 + r.IntN(4)
			par := make([]int, m)
			for i := range par {
				par[i] = r.IntN(i + 1)
			}
			t.comps = append(t.comps, comp{par: par})
		}
	default:
		for range n {
			t.comps = append(t.comps, comp{n: int64(r.IntN(top + 1))})
		}
	}
	return t
}

// RandomText is the game's own rules with heaps of 0 to 999 (trees of
// up to 20 edges), about n characters in all.
func (g *game) RandomText(r *rand.Rand, n int) (string, string) {
	var b strings.Builder
	for ti, rule := range g.rules {
		if ti > 0 {
			b.WriteString(" + ")
		}
		b.WriteString(rule.String() + ": ")
		share := max(1, n/len(g.rules))
		start := b.Len()
		switch rule.fam {
		case famWythoff, famMoore, famStair:
			t := randomTerm(r, rule, 1, 99)
			b.WriteString((&t).args())
		case famTree:
			for b.Len()-start < share {
				if b.Len() > start {
					b.WriteString(" / ")
				}
				t := randomTerm(r, rule, 1, 0)
				b.WriteString((&t).args())
			}
		default:
			b.WriteString(strconv.Itoa(r.IntN(1000)))
			for b.Len()-start < share {
				b.WriteString(" " + strconv.Itoa(r.IntN(1000)))
			}
		}
	}
	return b.String(), ""
}
