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
	for k, c := range cases {
		if k >= len(got) {
			rep.problem(len(got)+1, fmt.Sprintf("the output ends after %s; the input has %d tests, so answers %d to %d are missing",
				explain.Plural(len(got), "answer", "answers"), len(cases), len(got)+1, len(cases)))
			break
		}
		line := got[k]
		switch {
		case line == expected[k]:
			rep.Right++
		case !slices.Contains(rep.Answers, line):
			rep.problem(k+1, unknownToken(line, rep.Answers))
		default:
			rep.Wrong++
			f := &Failure{Case: c, OutputLine: k + 1, Expected: expected[k], Got: line}
			if rep.Smallest == nil || c.Size() < rep.Smallest.Size() {
				rep.Smallest = f
			}
		}
	}
	if len(got) > len(cases) {
		rep.problem(len(cases)+1, fmt.Sprintf("the output has %d lines but the input only %d tests; this line and the %d after it are extra",
			len(got), len(cases), len(got)-len(cases)-1))
	}
	return rep, nil
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

// Explain solves the failing case and explains it: the position, the
// result and the steps; an error when the position is too large to parse
// as one (longer than solver.MaxLongPositionLen).
func Explain(ctx context.Context, g solver.Game, f *Failure, opts explain.Options) (solver.Result, []explain.Step, error) {
	pos, err := g.Parse(f.Text, solver.ParseOptions{First: f.First, Long: true})
	if err != nil {
		return solver.Result{}, nil, err
	}
	res := explain.Solve(ctx, pos)
	return res, explain.Explain(res, opts), nil
}
