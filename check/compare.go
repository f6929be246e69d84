package check

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// Case is one test of a judge input, as read back from the file.
type Case struct {
	Test
	// Number counts the tests from 1; Line is the input line where the
	// test starts (its "N S" line in binim and binim2).
	Number, Line int
}

// Size is how big the case is: its characters other than spaces. The
// smallest failing case is the one shown.
func (c Case) Size() int { return len(strings.ReplaceAll(c.Text, " ", "")) }

// Failure is a test the program answered wrongly.
type Failure struct {
	Case
	// OutputLine is the line of the program's output with the answer.
	OutputLine int
	Expected   string
	Got        string
}

// Problem is a malformed line of the program's output.
type Problem struct {
	Line int
	Msg  string
}

// String says "line 3: …".
func (p Problem) String() string { return fmt.Sprintf("line %d: %s", p.Line, p.Msg) }

// Report is the comparison of a program's output with the truth.
type Report struct {
	Game solver.Game
	// Tests is how many tests the input holds; Right and Wrong count the
	// well-formed answers that match and that do not.
	Tests, Right, Wrong int
	// Problems lists the first malformed output lines, at most
	// MaxProblems; Malformed counts them all.
	Problems  []Problem
	Malformed int
	// Smallest is the failing test with the smallest position (the first
	// such in the input on a tie), nil when no answer is wrong.
	Smallest *Failure
	// Answers are the valid answer lines of the game.
	Answers []string
	// Shift is where the output's answers start to shift against the
	// tests (a line missing or extra), or nil.
	Shift *Shift
}

// MaxProblems bounds the malformed lines a report lists.
const MaxProblems = 5

// OK reports whether every test was answered right.
func (r *Report) OK() bool { return r.Right == r.Tests && r.Malformed == 0 }

// Compare judges output, a program's answers to input, a judge input of
// g. A malformed input is an error (*solver.InputError naming its line);
// a malformed output is part of the report.
func Compare(ctx context.Context, g solver.Game, input, output []byte) (*Report, error) {
	var want bytes.Buffer
	if err := solver.Judge(ctx, g, bytes.NewReader(input), &want, false); err != nil {
		return nil, fmt.Errorf("input: %w", err)
	}
	cases, err := Cases(g, input)
	if err != nil {
		return nil, fmt.Errorf("input: %w", err)
	}
	expected := outputLines(want.Bytes())
	if len(expected) != len(cases) {
		return nil, fmt.Errorf("check: %d answers for %d tests of %s", len(expected), len(cases), g.Name())
	}
	rep := &Report{Game: g, Tests: len(cases), Answers: answers(g, cases, expected)}
	got := outputLines(output)
	lineOf, shift := align(got, expected)
	rep.Shift = shift
	answered := 0
	for k, c := range cases {
		i := lineOf[k]
		if i >= len(got) {
			if shift == nil {
				rep.problem(len(got)+1, fmt.Sprintf("the output ends after %s; the input has %d tests, so answers %d to %d are missing",
					explain.Plural(len(got), "answer", "answers"), len(cases), len(got)+1, len(cases)))
				break
			}
			continue
		}
		if i < 0 { // the shift's missing line
			rep.problem(shift.Line, fmt.Sprintf("no line answers test %d: the answers shift here by %s", k+1, explain.Plural(shift.By, "line", "lines")))
			continue
		}
		answered++
		line := got[i]
		switch {
		case line == expected[k]:
			rep.Right++
		case !slices.Contains(rep.Answers, line):
			rep.problem(i+1, unknownToken(line, rep.Answers))
		default:
			rep.Wrong++
			f := &Failure{Case: c, OutputLine: i + 1, Expected: expected[k], Got: line}
			if rep.Smallest == nil || c.Size() < rep.Smallest.Size() {
				rep.Smallest = f
			}
		}
	}
	if shift != nil && shift.By < 0 {
		for i := shift.Line - 1; i < shift.Line-1-shift.By; i++ {
			rep.problem(i+1, fmt.Sprintf("%q answers no test: the answers shift here by %s", solver.Clip([]byte(got[i])), explain.Plural(-shift.By, "line", "lines")))
		}
	}
	if shift == nil && len(got) > len(cases) {
		rep.problem(len(cases)+1, fmt.Sprintf("the output has %d lines but the input only %d tests; this line and the %d after it are extra",
			len(got), len(cases), len(got)-len(cases)-1))
	}
	return rep, nil
}

// Shift is where a program's answers start to shift against the tests:
// from output line Line on, each line answers the test By places later
// (a line missing, By 1) or earlier (an extra line, By -1), so the
// comparison reads them shifted back instead of calling every later
// answer wrong.
type Shift struct {
	Line, By int
	// Last is the last output line where the shift could start as well:
	// lines Line to Last give one answer, so which of them is missing or
	// extra cannot be told. It equals Line when it can.
	Last int
}

// Sentence says where the answers shift and what the report did.
func (s *Shift) Sentence() string {
	lines := func(n int) string {
		return map[bool]string{true: "a line is", false: fmt.Sprintf("%d lines are", n)}[n == 1]
	}
	where := fmt.Sprintf("from output line %d", s.Line)
	if s.Last > s.Line {
		where = fmt.Sprintf("somewhere in output lines %d to %d (their tests have one answer, so which line it is cannot be told)", s.Line, s.Last)
	}
	if s.By > 0 {
		return fmt.Sprintf("Your answers shift %s: %s missing, so each line after it answers the test %s later. The answers after the shift were compared with the tests they answer.",
			where, lines(s.By), explain.Plural(s.By, "place", "places"))
	}
	return fmt.Sprintf("Your answers shift %s: %s extra, so each line after it answers the test %s earlier. The answers after the shift were compared with the tests they answer.",
		where, lines(-s.By), explain.Plural(-s.By, "place", "places"))
}

// maxShift is the most lines missing or extra that align looks for.
const maxShift = 3

// minShifted is the fewest answers after a shift that align needs to
// tell a shift from chance: with two or three possible answers, short
// runs agree by luck.
const minShifted = 8

// align maps each test to the output line that answers it (-1 for a
// test whose line is missing), and finds the shift when the output has
// up to maxShift lines more or fewer than the tests and the answers
// after some line agree with the tests clearly better shifted than not.
// Without a shift, test k is answered by line k.
func align(got, expected []string) ([]int, *Shift) {
	lineOf := make([]int, len(expected))
	for k := range lineOf {
		lineOf[k] = k
	}
	d := len(expected) - len(got) // lines missing (> 0) or extra (< 0)
	if d == 0 || d > maxShift || d < -maxShift {
		return lineOf, nil
	}
	// With a shift at test k: tests before k are answered by lines
	// before k; a test t ≥ k by line t-d (missing) or t-d (extra, d<0).
	n := len(expected)
	agreeAt := func(t, i int) int {
		if i >= 0 && i < len(got) && got[i] == expected[t] {
			return 1
		}
		return 0
	}
	// plain[k]: agreements of tests < k unshifted; shifted[k]: of tests ≥ k
	// shifted; straight[k]: of tests ≥ k unshifted.
	plain := make([]int, n+1)
	for t := 0; t < n; t++ {
		plain[t+1] = plain[t] + agreeAt(t, t)
	}
	shifted, straight := make([]int, n+2), make([]int, n+2)
	for t := n - 1; t >= 0; t-- {
		shifted[t] = shifted[t+1] + agreeAt(t, t-d)
		straight[t] = straight[t+1] + agreeAt(t, t)
	}
	best, bestK, lastK := -1, 0, 0
	for k := 0; k <= n; k++ {
		// a shift at k leaves tests k..k+d-1 unanswered when lines are
		// missing: they cannot agree.
		start := k
		if d > 0 {
			start = min(n, k+d)
		}
		switch v := plain[k] + shifted[start]; {
		case v > best:
			best, bestK, lastK = v, k, k
		case v == best && lastK == k-1:
			lastK = k
		}
	}
	start := bestK
	if d > 0 {
		start = min(n, bestK+d)
	}
	tail := n - start
	// The shift must explain the answers after it far better than
	// reading them straight: at most a fifth of them wrong shifted, and
	// at least twice as many (and 3 more) wrong read straight.
	shiftedWrong, straightWrong := tail-shifted[start], tail-straight[start]
	if tail < minShifted || shiftedWrong*5 > tail || straightWrong < 2*shiftedWrong+3 {
		return lineOf, nil
	}
	for t := bestK; t < n; t++ {
		switch {
		case d > 0 && t < start:
			lineOf[t] = -1
		default:
			lineOf[t] = t - d
		}
	}
	return lineOf, &Shift{Line: bestK + 1, Last: lastK + 1, By: d}
}

func (r *Report) problem(line int, msg string) {
	r.Malformed++
	if len(r.Problems) < MaxProblems {
		r.Problems = append(r.Problems, Problem{Line: line, Msg: msg})
	}
}

// unknownToken says what is wrong with an answer that is none of answers.
func unknownToken(line string, answers []string) string {
	quoted := make([]string, len(answers))
	for k, a := range answers {
		quoted[k] = strconv.Quote(a)
		if strings.EqualFold(a, line) {
			return fmt.Sprintf("%q is not an answer; write it exactly as %q (answers are case-sensitive)", solver.Clip([]byte(line)), a)
		}
	}
	if line == "" {
		return "the line is empty; every test needs one answer: " + strings.Join(quoted, " or ")
	}
	return fmt.Sprintf("%q is not an answer; an answer is %s", solver.Clip([]byte(line)), strings.Join(quoted, " or "))
}

// answers returns the lines a program may print for g: every answer the
// game gives, found from its Answer on a test position.
func answers(g solver.Game, cases []Case, expected []string) []string {
	var out []string
	add := func(a string) {
		if !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	for _, c := range cases {
		if pos, err := g.Parse(c.Text, solver.ParseOptions{First: c.First, Long: true}); err == nil {
			for _, first := range []solver.Outcome{solver.Win, solver.Loss, solver.Tie} {
				add(solver.AnswerFor(g, pos.ToMove(), first))
			}
			break
		}
	}
	for _, e := range expected {
		add(e)
	}
	slices.Sort(out)
	return out
}

// outputLines splits output into lines without their endings or
// surrounding blanks, dropping blank lines at the end.
func outputLines(output []byte) []string {
	var out []string
	for line := range bytes.Lines(output) {
		out = append(out, string(bytes.TrimSpace(line)))
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}

// Cases reads the tests of a judge input of g back, with their line
// numbers. The input must be well formed (Compare judges it first).
func Cases(g solver.Game, input []byte) ([]Case, error) {
	j := solver.NewJudgeReader(bytes.NewReader(input), false)
	t, err := j.TestCount(1 << 30)
	if err != nil {
		return nil, err
	}
	out := make([]Case, 0, min(t, 1<<16))
	for n := 1; n <= t; n++ {
		line, err := j.Next(n, t, "the test")
		if err != nil {
			return nil, err
		}
		c := Case{Test: Test{Text: string(line)}, Number: n, Line: j.LineNo()}
		if g.NeedsFirst() {
			var k int
			if _, err := fmt.Sscan(c.Text, &k, &c.First); err != nil {
				return nil, &solver.InputError{Field: j.Where(), Msg: "expected \"N S\""}
			}
			stacks := make([]string, 0, k)
			for i := 1; i <= k; i++ {
				s, err := j.Next(n, t, "a stack")
				if err != nil {
					return nil, err
				}
				stacks = append(stacks, string(s))
			}
			c.Text = strings.Join(stacks, " ")
		}
		out = append(out, c)
	}
	return out, nil
}

// Explain solves the failing case and explains it as the short card:
// the facts that decide it, how the move is found, the move, a line of
// play and the rule here (the full reasoning is Reasoning, which the
// card's "Full reasoning" button shows). It is an error when the
// position is too large to parse as one (longer than
// solver.MaxLongPositionLen).
func Explain(ctx context.Context, g solver.Game, f *Failure, opts explain.Options) (solver.Result, []explain.Step, error) {
	pos, err := g.Parse(f.Text, solver.ParseOptions{First: f.First, Long: true})
	if err != nil {
		return solver.Result{}, nil, err
	}
	res := explain.Solve(ctx, pos)
	return res, explain.Short(explain.Summary(ctx, res, opts), explain.MoveStep(ctx, res)), nil
}

// Reasoning is the failing case's full reasoning, step by step.
func Reasoning(ctx context.Context, g solver.Game, f *Failure, opts explain.Options) (solver.Result, []explain.Step, error) {
	pos, err := g.Parse(f.Text, solver.ParseOptions{First: f.First, Long: true})
	if err != nil {
		return solver.Result{}, nil, err
	}
	res := explain.Solve(ctx, pos)
	return res, explain.Explain(res, opts), nil
}
