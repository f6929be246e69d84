package gametest

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/play"
	"github.com/nimtutor/nimtutor/solver"
)

// The claim test: every fact a reply states about a position is an
// explain.Claim, and each is checked here against the textbook recursion
// (PlainValue), on every small position of every game, on every surface
// that states facts: the short card, the full reasoning, every hint
// level, the move table, the why report with and without another move,
// the play feedback after every move and the review card's note on it. A claim's kind without a
// checker fails the test, and so does a number that does not agree with
// its noun ("1 moves") anywhere in the rendered text.

// Oracle answers what the claims need by the textbook recursion.
type Oracle struct {
	tb     testing.TB
	memo   map[string]solver.Value
	grundy map[string]int
}

// NewOracle returns an oracle that solves positions by PlainValue.
func NewOracle(tb testing.TB) *Oracle {
	return &Oracle{tb: tb, memo: map[string]solver.Value{}}
}

// Value is the value of pos for the player to move.
func (o *Oracle) Value(pos solver.Position) solver.Value { return PlainValue(o.tb, pos, o.memo) }

// After is what move m of pos is worth to the player making it.
func (o *Oracle) After(pos solver.Position, m solver.Move) (solver.Value, error) {
	next, err := pos.Play(m)
	if err != nil {
		return solver.Value{}, fmt.Errorf("move %v is illegal: %v", m, err)
	}
	v := o.Value(next)
	return solver.Value{Outcome: -v.Outcome, Remoteness: v.Remoteness + 1}, nil
}

// claimCheckers holds a checker for every kind of claim: CheckClaim
// fails a claim whose kind has none.
var claimCheckers = map[explain.ClaimKind]func(o *Oracle, c explain.Claim) error{
	explain.ClaimOutcome:   checkOutcome,
	explain.ClaimValue:     checkValue,
	explain.ClaimMoveValue: checkMoveValue,
	explain.ClaimCompare:   checkCompare,
	explain.ClaimBest:      checkBest,
	explain.ClaimOnly:      checkOnly,
	explain.ClaimAlso:      checkAlso,
	explain.ClaimThrows:    checkThrows,
	explain.ClaimReplies:   checkReplies,
	explain.ClaimForced:    checkForced,
	explain.ClaimNoMove:    checkNoMove,
	explain.ClaimAll:       checkAll,
	explain.ClaimOver:      checkOver,
	explain.ClaimNumber:    checkNumber,
}

// CheckClaim checks one claim against the oracle: nil when it holds.
func CheckClaim(o *Oracle, c explain.Claim) error {
	check, ok := claimCheckers[c.Kind]
	if !ok {
		return fmt.Errorf("claim kind %q has no checker", c.Kind)
	}
	if c.Pos == nil {
		return fmt.Errorf("claim %q names no position", c.Text)
	}
	if err := check(o, c); err != nil {
		return fmt.Errorf("%s claim %q on %s: %w", c.Kind, c.Text, fullKey(c.Pos), err)
	}
	if err := checkWords(c); err != nil {
		return fmt.Errorf("%s claim %q on %s: %w", c.Kind, c.Text, fullKey(c.Pos), err)
	}
	return nil
}

// checkWords checks that a claim about two moves says what it claims
// in the words a student reads: a comparison names both moves as
// sentences name moves (their String, "take 1 from heap 2", not a short
// notation) and what each does for the player making it ("wins in 15
// moves"), so that no count stands without its move; a claim that a
// move throws the outcome away names the move that keeps it; and no
// claim that explain words names a move in the game's short notation
// (Teacher.Compact), which is for where space is the point: lines of
// play, the short card's list of other winning moves, and the games'
// working lines (the finding step's "5→4 (gap 2: 1 → 0)").
func checkWords(c explain.Claim) error {
	text := strings.ToLower(c.Text)
	if t, ok := c.Pos.Game().(explain.Teacher); ok && c.Kind != explain.ClaimAll && c.Kind != explain.ClaimAlso {
		for _, m := range append([]solver.Move{c.Move, c.Other}, c.Moves...) {
			if m == nil {
				continue
			}
			if short := t.Compact(c.Pos, m); short != m.String() && strings.Contains(text, strings.ToLower(short)) {
				return fmt.Errorf("names %q in the short notation %q", m.String(), short)
			}
		}
	}
	var names []solver.Move
	var does []string
	switch c.Kind {
	case explain.ClaimCompare:
		names = []solver.Move{c.Move, c.Other}
		does = []string{explain.Does(c.Outcome, c.Remoteness), explain.Does(c.OtherOutcome, c.OtherRemoteness)}
	case explain.ClaimThrows:
		names = []solver.Move{c.Other}
	}
	for i, m := range names {
		// Feedback on the student's own move may call it "your move".
		if i == 0 && c.Kind == explain.ClaimCompare && strings.Contains(text, "your move "+does[0]) {
			continue
		}
		if !strings.Contains(text, strings.ToLower(m.String())) {
			return fmt.Errorf("does not name %q as sentences name it", m.String())
		}
	}
	for _, d := range does {
		if !strings.Contains(text, d) {
			return fmt.Errorf("does not say %q", d)
		}
	}
	return nil
}

// agrees reports whether v is the stated outcome and remoteness (-1:
// the outcome alone).
func agrees(v solver.Value, o solver.Outcome, remoteness int) bool {
	return v.Outcome == o && (remoteness < 0 || v.Remoteness == remoteness)
}

func checkOutcome(o *Oracle, c explain.Claim) error {
	if v := o.Value(c.Pos); v.Outcome != c.Outcome {
		return fmt.Errorf("search says %v", v)
	}
	return nil
}

func checkValue(o *Oracle, c explain.Claim) error {
	if v := o.Value(c.Pos); !agrees(v, c.Outcome, c.Remoteness) || c.Remoteness < 0 {
		return fmt.Errorf("search says %v", v)
	}
	return nil
}

func checkMoveValue(o *Oracle, c explain.Claim) error {
	v, err := o.After(c.Pos, c.Move)
	if err != nil {
		return err
	}
	if !agrees(v, c.Outcome, c.Remoteness) {
		return fmt.Errorf("search says %v is worth %v", c.Move, v)
	}
	return nil
}

func checkCompare(o *Oracle, c explain.Claim) error {
	if c.Move == nil || c.Other == nil || c.Move == c.Other {
		return fmt.Errorf("compares %v with %v", c.Other, c.Move)
	}
	mv, err := o.After(c.Pos, c.Move)
	if err != nil {
		return err
	}
	ov, err := o.After(c.Pos, c.Other)
	if err != nil {
		return err
	}
	exact := c.Remoteness >= 0 && c.OtherRemoteness >= 0
	if !agrees(mv, c.Outcome, c.Remoteness) || !agrees(ov, c.OtherOutcome, c.OtherRemoteness) {
		return fmt.Errorf("search says %v: %v and %v: %v", c.Move, mv, c.Other, ov)
	}
	if got := relation(mv, ov, exact); got != c.Relation {
		return fmt.Errorf("calls %v %v compared with %v; search: %v (%v against %v)", c.Other, c.Relation, c.Move, got, ov, mv)
	}
	return nil
}

// relation is how b compares with a for the player making them, written
// here apart from the package under test: a better outcome first; with
// the same outcome and both counts known, a quicker win or tie, or a
// slower loss.
func relation(a, b solver.Value, exact bool) explain.Relation {
	switch {
	case b.Outcome > a.Outcome:
		return explain.Better
	case b.Outcome < a.Outcome:
		return explain.Worse
	case !exact || a.Remoteness == b.Remoteness:
		return explain.Equal
	case (b.Remoteness < a.Remoteness) == (a.Outcome != solver.Loss):
		return explain.Better
	}
	return explain.Worse
}

// bestValue is the best value among the moves of pos by relation.
func bestValue(o *Oracle, pos solver.Position) (solver.Value, bool) {
	var best solver.Value
	found := false
	for _, m := range pos.Moves() {
		v, err := o.After(pos, m)
		if err != nil {
			continue
		}
		if !found || relation(best, v, true) == explain.Better {
			best, found = v, true
		}
	}
	return best, found
}

func checkBest(o *Oracle, c explain.Claim) error {
	mv, err := o.After(c.Pos, c.Move)
	if err != nil {
		return err
	}
	if !agrees(mv, c.Outcome, c.Remoteness) {
		return fmt.Errorf("search says %v is worth %v", c.Move, mv)
	}
	best, _ := bestValue(o, c.Pos)
	if relation(mv, best, c.Remoteness >= 0) == explain.Better {
		return fmt.Errorf("%v is worth %v; the best move %v", c.Move, mv, best)
	}
	return nil
}

// keeping returns the moves of pos that keep the outcome for its mover.
func keeping(o *Oracle, pos solver.Position) ([]solver.Move, solver.Outcome) {
	want := o.Value(pos).Outcome
	var keep []solver.Move
	for _, m := range pos.Moves() {
		if v, err := o.After(pos, m); err == nil && v.Outcome == want {
			keep = append(keep, m)
		}
	}
	return keep, want
}

func checkOnly(o *Oracle, c explain.Claim) error {
	keep, want := keeping(o, c.Pos)
	if want != c.Outcome || want == solver.Loss {
		return fmt.Errorf("the position is a %v for its mover, the claim says %v", want, c.Outcome)
	}
	if len(keep) != 1 || keep[0].String() != c.Move.String() {
		return fmt.Errorf("the moves that keep the %v: %v", want, keep)
	}
	return nil
}

func checkAlso(o *Oracle, c explain.Claim) error {
	keep, want := keeping(o, c.Pos)
	if want != c.Outcome {
		return fmt.Errorf("the position is a %v for its mover", want)
	}
	for _, m := range c.Moves {
		if !slices.ContainsFunc(keep, func(k solver.Move) bool { return k.String() == m.String() }) {
			return fmt.Errorf("%v does not keep the %v; those that do: %v", m, want, keep)
		}
	}
	return nil
}

func checkThrows(o *Oracle, c explain.Claim) error {
	if had := o.Value(c.Pos).Outcome; had != c.Outcome {
		return fmt.Errorf("the mover had a %v", had)
	}
	mv, err := o.After(c.Pos, c.Move)
	if err != nil {
		return err
	}
	ov, err := o.After(c.Pos, c.Other)
	if err != nil {
		return err
	}
	if mv.Outcome >= c.Outcome || ov.Outcome != c.Outcome {
		return fmt.Errorf("%v is worth %v and %v %v", c.Move, mv, c.Other, ov)
	}
	return nil
}

func checkReplies(o *Oracle, c explain.Claim) error {
	next, err := c.Pos.Play(c.Move)
	if err != nil {
		return err
	}
	wins := 0
	replies := next.Moves()
	for _, m := range replies {
		if v, _ := o.After(next, m); v.Outcome == solver.Win {
			wins++
		}
	}
	if wins != c.N || len(replies) != c.Of {
		return fmt.Errorf("%d winning replies of %d", wins, len(replies))
	}
	return nil
}

func checkAll(o *Oracle, c explain.Claim) error {
	if err := checkAlso(o, c); err != nil {
		return err
	}
	keep, _ := keeping(o, c.Pos)
	if c.N == 1 && len(keep) != len(c.Moves) {
		return fmt.Errorf("says its %d moves are all that keep the %v; search finds %d: %v", len(c.Moves), c.Outcome, len(keep), keep)
	}
	return nil
}

func checkNoMove(_ *Oracle, c explain.Claim) error {
	if moves := c.Pos.Moves(); len(moves) != 0 {
		return fmt.Errorf("the legal moves are %v", moves)
	}
	return nil
}

// checkOver checks a claim that the game is over: the player to move has
// no legal move, search gives them the claimed outcome, and the words say
// it: that the mover cannot move and loses, wins or ties, or that the
// winner wins.
func checkOver(o *Oracle, c explain.Claim) error {
	if moves := c.Pos.Moves(); len(moves) != 0 {
		return fmt.Errorf("the legal moves are %v", moves)
	}
	if v := o.Value(c.Pos); v.Outcome != c.Outcome {
		return fmt.Errorf("search says %v", v)
	}
	mover, _ := explain.Players(c.Pos)
	says := []string{mover + ", who is to move, cannot move and " + c.Outcome.Verb()}
	if w, ok := solver.WinnerOf(c.Pos.ToMove(), c.Outcome); ok {
		says = append(says, c.Pos.Game().PlayerName(w)+" wins")
	}
	if !slices.ContainsFunc(says, func(s string) bool { return strings.Contains(c.Text, s) }) {
		return fmt.Errorf("says none of %q", says)
	}
	return nil
}

// checkNumber works a number claim's number out again from its terms,
// checks that its sentence states it, and where the claim says it is the
// position's Sprague–Grundy value, checks it against the mex recursion.
func checkNumber(o *Oracle, c explain.Claim) error {
	var want int64
	switch c.Op {
	case "xor":
		for _, t := range c.Terms {
			want ^= t
		}
	case "xor step":
		if len(c.Terms) != 2 {
			return fmt.Errorf("xor step of %v", c.Terms)
		}
		if step := fmt.Sprintf("%d xor %d = %d", c.Terms[0], c.Terms[1], c.Terms[0]^c.Terms[1]); !strings.Contains(c.Text, step) {
			return fmt.Errorf("does not say %q", step)
		}
		want = c.Terms[0] ^ c.Terms[1]
	case "sum":
		for _, t := range c.Terms {
			want += t
		}
	case "mod":
		if len(c.Terms) != 2 || c.Terms[1] <= 0 {
			return fmt.Errorf("mod of %v", c.Terms)
		}
		want = c.Terms[0] % c.Terms[1]
	default:
		return fmt.Errorf("no operation %q", c.Op)
	}
	if want != int64(c.N) {
		return fmt.Errorf("states %d, but the %s of %v is %d", c.N, c.Op, c.Terms, want)
	}
	if !regexp.MustCompile(`(^|[^0-9])` + strconv.Itoa(c.N) + `([^0-9]|$)`).MatchString(c.Text) {
		return fmt.Errorf("the sentence does not state %d", c.N)
	}
	if c.Grundy {
		if g := o.Grundy(c.Pos); g != c.N {
			return fmt.Errorf("states the Sprague–Grundy value %d; the mex recursion finds %d", c.N, g)
		}
	}
	return nil
}

// Grundy is the Sprague–Grundy value of pos, an impartial game's
// position, by the mex recursion over its moves.
func (o *Oracle) Grundy(pos solver.Position) int {
	if o.grundy == nil {
		o.grundy = map[string]int{}
	}
	key := fullKey(pos)
	if g, ok := o.grundy[key]; ok {
		return g
	}
	seen := map[int]bool{}
	for _, m := range pos.Moves() {
		next, err := pos.Play(m)
		if err != nil {
			o.tb.Fatalf("%s: move %v: %v", key, m, err)
		}
		seen[o.Grundy(next)] = true
	}
	g := 0
	for seen[g] {
		g++
	}
	o.grundy[key] = g
	return g
}

func checkForced(_ *Oracle, c explain.Claim) error {
	if moves := c.Pos.Moves(); len(moves) != 1 || moves[0].String() != c.Move.String() {
		return fmt.Errorf("the legal moves are %v", moves)
	}
	return nil
}

// The patterns of numbers that disagree with their words: a count of 1
// before a plural noun ("1 moves", "1 more zeros") or verb ("1 zero
// are"), "0 … out of 0", and
// "There is" before a count over 1.
var (
	onePlural  = regexp.MustCompile(`(^|[^0-9.,])1 ((?:more |extra |winning |counted |other |uncounted |wrong |right )?(?:moves|zeros|ones|stacks|heaps|gaps|pawns|cells|replies|letters|runs|positions|values|bits|characters|answers|tests|lines|pieces|games|puzzles|points|steps|levels|kinds|items|times|digits|blocks|pairs|piles))\b`)
	numbered   = regexp.MustCompile(`(?i)(player|heap|gap|stack|letter|cell|run|line|test|step|level|move|case) ?$`)
	zeroOfZero = regexp.MustCompile(`\b0 [a-z ]+ out of 0\b`)
	isMany     = regexp.MustCompile(`\b[Tt]here is ([2-9]|[1-9][0-9]+) `)
	oneAre     = regexp.MustCompile(`(^|[^0-9.,])1 (?:more |extra |winning )?(?:move|zero|one|stack|heap|gap|pawn|cell|reply|letter|run|position|value|bit|character|piece|step|digit|pair|pile) (?:are|were)\b`)
)

// CheckAgreement returns the first place in text where a number and its
// words disagree, or "".
func CheckAgreement(text string) string {
	for _, loc := range onePlural.FindAllStringIndex(text, -1) {
		// "Player 1 answers", "heap 1 counts": 1 names a thing there.
		if !numbered.MatchString(text[:loc[0]+1]) {
			return strings.TrimSpace(text[loc[0]:loc[1]])
		}
	}
	if m := oneAre.FindString(text); m != "" {
		return strings.TrimSpace(m)
	}
	if m := zeroOfZero.FindString(text); m != "" {
		return m
	}
	return isMany.FindString(text)
}

// comparisonWords are the words that compare moves or call a move the
// only or the best: on the surfaces the claims cover, each must be
// inside a claim's rendering.
var comparisonWords = regexp.MustCompile(`(?i)\b(better|worse|as good as|sooner|quickest|slower|holds out longer|takes longer|longest|the only (?:winning )?move|only move|throws away|also winning|also keeping|no move (?:wins|saves|keeps|brings|puts|closes))\b`)

// numberWords are the words of a number worked out (an XOR, a value mod
// 3, a total): on the surfaces that say their numbers in claims, each
// must be inside a number claim's rendering.
var numberWords = regexp.MustCompile(`(?i)\bxor (?:of [a-z' ]+? )?is [0-9]+|\bxor [0-9]+|[0-9]+ xor [0-9]+|\bxor of [0-9]+|[0-9] mod [0-9]+|[0-9]+ in all\b`)

// uncovered returns a comparison in body that no claim renders, or "".
func uncovered(body string, claims []explain.Claim) string {
	return uncoveredBy(comparisonWords, body, claims)
}

// uncoveredBy returns a match of words in body that no claim renders,
// or "".
func uncoveredBy(words *regexp.Regexp, body string, claims []explain.Claim) string {
	var spans [][2]int
	for _, c := range claims {
		if i := strings.Index(body, c.Text); i >= 0 && c.Text != "" {
			spans = append(spans, [2]int{i, i + len(c.Text)})
		}
	}
	for _, m := range words.FindAllStringIndex(body, -1) {
		if strings.HasSuffix(body[:m[0]], " a ") {
			continue // "a XOR of 0": the rule, not this position's number
		}
		if !slices.ContainsFunc(spans, func(sp [2]int) bool { return sp[0] <= m[0] && m[1] <= sp[1] }) {
			return body[m[0]:m[1]]
		}
	}
	return ""
}

// surface is one rendered part of a reply: its steps, and whether the
// claims cover every comparison it makes.
type surface struct {
	name    string
	steps   []explain.Step
	covered bool
	// numbers: every number worked out is a number claim.
	numbers bool
}

// checkSurfaces checks every step of every surface: each claim holds by
// search and is rendered in its step, the numbers agree with their
// words, and on covered surfaces every comparison is a claim. It returns
// how many claims it checked.
func checkSurfaces(tb testing.TB, o *Oracle, pos solver.Position, surfaces []surface) int {
	tb.Helper()
	n := 0
	for _, sf := range surfaces {
		for _, st := range sf.steps {
			for _, c := range st.Claims {
				n++
				if err := CheckClaim(o, c); err != nil {
					tb.Fatalf("%s, %s, step %q: %v\n%s", fullKey(pos), sf.name, st.Title, err, st.Body)
				}
				if !strings.Contains(st.Body, c.Text) {
					tb.Fatalf("%s, %s, step %q: the claim %q is not what the step says:\n%s", fullKey(pos), sf.name, st.Title, c.Text, st.Body)
				}
			}
			if bad := CheckAgreement(st.Title + "\n" + st.Body); bad != "" {
				tb.Fatalf("%s, %s, step %q: %q: the number disagrees with its words:\n%s", fullKey(pos), sf.name, st.Title, bad, st.Body)
			}
			if w := uncovered(st.Body, st.Claims); sf.covered && w != "" {
				tb.Fatalf("%s, %s, step %q: %q compares moves outside any claim:\n%s", fullKey(pos), sf.name, st.Title, w, st.Body)
			}
			numbers := slices.DeleteFunc(slices.Clone(st.Claims), func(c explain.Claim) bool { return c.Kind != explain.ClaimNumber })
			if w := uncoveredBy(numberWords, st.Body, numbers); sf.numbers && w != "" {
				tb.Fatalf("%s, %s, step %q: %q works a number out outside any number claim:\n%s", fullKey(pos), sf.name, st.Title, w, st.Body)
			}
		}
	}
	return n
}

// testClaims renders every surface of every small position and checks
// its claims (checkSurfaces); it checks too that play's feedback after a
// worse move and the why panel of the same reply name the same move.
func testClaims(t *testing.T, s Spec) {
	o := NewOracle(t)
	size := s.Small - 1
	if s.WhySize > 0 {
		size = s.WhySize
	}
	claims, moves := 0, 0
	n := positionsUpTo(t, s, size, func(pos solver.Position) {
		m, c := checkClaimsAt(t, s, o, pos)
		moves += m
		claims += c
	})
	t.Logf("%d positions, %d moves, %d claims checked", n, moves, claims)
}

// checkClaimsAt renders every surface of pos (the short card, the full
// reasoning, every hint level, the distance, the moves, the why report
// of each move with and without every other, play's feedback and the
// review card's note on each move) and checks each claim
// (checkSurfaces), and that play's feedback after a worse move and the
// why panel of the same reply name the same move. It returns how many
// moves and claims it checked.
func checkClaimsAt(t testing.TB, s Spec, o *Oracle, pos solver.Position) (moves, claims int) {
	t.Helper()
	ctx := context.Background()
	r := explain.Solve(ctx, pos)
	move := explain.MoveStep(ctx, r)
	surfaces := []surface{
		{name: "short card", steps: explain.Short(explain.Summary(ctx, r, explain.Options{MaxItems: 6}), move), covered: true, numbers: true},
		{name: "move step", steps: []explain.Step{move}, covered: true},
		{name: "full reasoning", steps: explain.Explain(r, explain.Options{}), covered: true, numbers: s.NumberedReasoning},
		{name: "hints", steps: explain.Hints(ctx, r, explain.Options{MaxItems: 6}), covered: true, numbers: s.NumberedReasoning},
	}
	full := surfaces[2].steps
	if len(full[len(full)-1].Claims) == 0 {
		t.Fatalf("%s: the verdict step states no claim:\n%s", fullKey(pos), full[len(full)-1].Body)
	}
	surfaces = append(surfaces, surface{name: "distance", steps: []explain.Step{{Title: "distance", Body: explain.Distance(r), Claims: explain.DistanceClaims(r)}}, covered: true})
	rows, _ := explain.MoveTable(ctx, r, 0)
	var table explain.Step
	for _, row := range rows {
		c := explain.MoveValueClaim(pos, row.Move, solver.Value{Outcome: row.Outcome, Remoteness: row.Remoteness})
		table.Claims = append(table.Claims, c)
		table.Body += c.Text + "\n"
	}
	surfaces = append(surfaces, surface{name: "moves", steps: []explain.Step{table}, covered: true})
	legal := pos.Moves()
	if len(legal) == 0 {
		// The game is over: the short card's why, the verdict and the
		// why report each say so in a checked claim, not a rule that has
		// nothing to apply to.
		surfaces = append(surfaces, surface{name: "why, no move", steps: explain.WhyNoMove(pos), covered: true})
		for _, sf := range []surface{surfaces[0], {name: "verdict", steps: full[len(full)-1:]}, surfaces[len(surfaces)-1]} {
			if !slices.ContainsFunc(sf.steps, func(st explain.Step) bool {
				return slices.ContainsFunc(st.Claims, func(c explain.Claim) bool { return c.Kind == explain.ClaimOver })
			}) {
				t.Fatalf("%s, %s: no step says that the game is over in a claim:\n%v", fullKey(pos), sf.name, sf.steps)
			}
		}
		for _, st := range surfaces[0].steps {
			if st.Title == "The rule here" {
				t.Fatalf("%s: the short card applies a rule where no move is left: %s", fullKey(pos), st.Body)
			}
		}
	}
	oracle := solver.NewOracle(ctx, s.Game, solver.ReachBudget)
	for _, m := range legal {
		moves++
		why, err := explain.Why(ctx, r, m, nil)
		if err != nil {
			t.Fatalf("%s why %v: %v", fullKey(pos), m, err)
		}
		surfaces = append(surfaces, surface{name: "why " + m.String(), steps: why, covered: true, numbers: true})
		if len(legal) <= 6 {
			for _, other := range legal {
				why, err := explain.Why(ctx, r, m, other)
				if err != nil {
					t.Fatalf("%s why %v --other %v: %v", fullKey(pos), m, other, err)
				}
				surfaces = append(surfaces, surface{name: fmt.Sprintf("why %v, other %v", m, other), steps: why, covered: true, numbers: true})
			}
		}
		j, err := play.Judge(oracle, pos, m)
		if err != nil {
			t.Fatal(err)
		}
		feedback := explain.Step{Title: "play feedback", Body: j.Sentence(m), Claims: j.Claims()}
		card := explain.Step{Title: "review card", Body: j.Note(), Claims: j.NoteClaims()}
		surfaces = append(surfaces, surface{name: "play " + string(j.Class), steps: []explain.Step{feedback, card}, covered: true})
		if j.Worse() {
			why, _ := explain.Why(ctx, r, m, j.Better)
			surfaces = append(surfaces, surface{name: "play why", steps: why, covered: true, numbers: true})
			named := false
			for _, st := range why {
				for _, c := range st.Claims {
					named = named || c.Kind == explain.ClaimCompare && c.Other.String() == j.Better.String()
				}
			}
			if !named {
				t.Fatalf("%s: play says %q, and its why panel does not compare with %v:\n%s", fullKey(pos), j.Sentence(m), j.Better, steps(why))
			}
		}
	}
	return moves, checkSurfaces(t, o, pos, surfaces)
}
