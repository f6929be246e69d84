package check

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
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
// a malformed output is part of the report. It is CompareReader on the
// output's bytes.
func Compare(ctx context.Context, g solver.Game, input, output []byte) (*Report, error) {
	return CompareReader(ctx, g, input, bytes.NewReader(output))
}

// CompareReader is Compare reading the output from r. It streams: the
// judge's answers, the tests read back from input and the program's
// lines are compared one by one as they are read, and only the report
// is kept (the counts, the first malformed lines and the smallest
// failing case), so a check of millions of lines takes the memory of a
// few lines beyond the input itself.
func CompareReader(ctx context.Context, g solver.Game, input []byte, output io.Reader) (*Report, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// The judge writes the true answers into a pipe as it reads the input.
	pr, pw := io.Pipe()
	defer pr.Close() // a judge still writing stops with an error
	go func() { pw.CloseWithError(solver.Judge(ctx, g, bytes.NewReader(input), pw, false)) }()
	want := newLineReader(pr)
	// judgeErr waits for the judge's verdict on the input, reading and
	// dropping the answers it still writes.
	judgeErr := func() error {
		for {
			if _, err := want.next(); err != nil {
				if err == io.EOF {
					return nil
				}
				return err
			}
		}
	}
	inputErr := func(err error) error {
		if jerr := judgeErr(); jerr != nil {
			err = jerr // the judge's words for what is wrong with the input
		}
		return fmt.Errorf("input: %w", err)
	}

	cases := newCaseReader(g, input)
	t, err := cases.count()
	if err != nil {
		return nil, inputErr(err)
	}
	got := newOutputLines(output)
	rep := &Report{Game: g, Tests: t}
	outputLine, outputEnded := 0, false
	needAnswers := true
	for n := 1; n <= t; n++ {
		c, err := cases.next(n, t)
		if err != nil {
			return nil, inputErr(err)
		}
		expected, err := want.next()
		if err == io.EOF {
			return nil, inputErr(fmt.Errorf("check: the judge gave %d answers for %d tests of %s", n-1, t, g.Name()))
		}
		if err != nil {
			return nil, fmt.Errorf("input: %w", err)
		}
		if needAnswers {
			needAnswers = !rep.addGameAnswers(g, c)
		}
		rep.addAnswerBytes(expected)
		if outputEnded {
			continue
		}
		line, err := got.next()
		if err == io.EOF {
			outputEnded = true
			rep.problem(outputLine+1, fmt.Sprintf("the output ends after %s; the input has %d tests, so answers %d to %d are missing",
				explain.Plural(outputLine, "answer", "answers"), t, outputLine+1, t))
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("output: %w", err)
		}
		outputLine++
		switch {
		case bytes.Equal(line, expected):
			rep.Right++
		case !rep.isAnswer(line):
			rep.problem(outputLine, unknownToken(string(line), rep.Answers))
		default:
			rep.Wrong++
			if rep.Smallest == nil || c.size < rep.Smallest.Size() {
				rep.Smallest = &Failure{Case: c.keep(), OutputLine: outputLine, Expected: string(expected), Got: string(line)}
			}
		}
	}
	if extra, err := want.next(); err == nil {
		return nil, fmt.Errorf("check: the judge gave an answer (%q) beyond the %d tests of %s", solver.Clip(extra), t, g.Name())
	}
	if err := judgeErr(); err != nil {
		return nil, fmt.Errorf("input: %w", err)
	}
	if !outputEnded {
		extra := 0
		for {
			if _, err := got.next(); err != nil {
				if err != io.EOF {
					return nil, fmt.Errorf("output: %w", err)
				}
				break
			}
			extra++
		}
		if extra > 0 {
			rep.problem(t+1, fmt.Sprintf("the output has %d lines but the input only %d tests; this line and the %d after it are extra",
				t+extra, t, extra-1))
		}
	}
	return rep, nil
}

// addGameAnswers adds the answers the game gives, found from its Answer
// on c's position; it reports false when c does not parse, so that the
// next case is tried.
func (r *Report) addGameAnswers(g solver.Game, c *caseLine) bool {
	pos, err := g.Parse(string(c.text), solver.ParseOptions{First: c.first, Long: true})
	if err != nil {
		return false
	}
	for _, first := range []solver.Outcome{solver.Win, solver.Loss, solver.Tie} {
		r.addAnswer(solver.AnswerFor(g, pos.ToMove(), first))
	}
	return true
}

// isAnswer reports whether line is one of the answers.
func (r *Report) isAnswer(line []byte) bool {
	for _, a := range r.Answers {
		if a == string(line) {
			return true
		}
	}
	return false
}

// addAnswerBytes is addAnswer for a line, which it copies only when it
// is new: most lines are one of two or three answers.
func (r *Report) addAnswerBytes(b []byte) {
	for _, a := range r.Answers {
		if a == string(b) {
			return
		}
	}
	r.addAnswer(string(b))
}

// addAnswer adds a to the sorted answers unless it is there.
func (r *Report) addAnswer(a string) {
	if k, found := slices.BinarySearch(r.Answers, a); !found {
		r.Answers = slices.Insert(r.Answers, k, a)
	}
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

// lineReader reads lines without their endings or surrounding blanks; a
// line is valid until the next call. Lines longer than its buffer are
// gathered in a scratch buffer.
type lineReader struct {
	br      *bufio.Reader
	scratch []byte
}

func newLineReader(r io.Reader) *lineReader {
	return &lineReader{br: bufio.NewReaderSize(r, 64<<10)}
}

// next returns the next line, or io.EOF.
func (l *lineReader) next() ([]byte, error) {
	b, err := l.br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		l.scratch = append(l.scratch[:0], b...)
		for err == bufio.ErrBufferFull {
			b, err = l.br.ReadSlice('\n')
			l.scratch = append(l.scratch, b...)
		}
		b = l.scratch
	}
	if err != nil && err != io.EOF {
		return nil, err
	}
	if err == io.EOF && len(b) == 0 {
		return nil, io.EOF
	}
	return bytes.TrimSpace(b), nil
}

// outputLines reads a program's output as lineReader does, except that
// blank lines at the end are not lines: the output ends at its last
// line with something on it.
type outputLines struct {
	lines *lineReader
	// blanks are blank lines read ahead and not yet returned; held is
	// the line that followed them.
	blanks int
	held   []byte
}

func newOutputLines(r io.Reader) *outputLines { return &outputLines{lines: newLineReader(r)} }

func (o *outputLines) next() ([]byte, error) {
	if o.blanks > 0 {
		o.blanks--
		return nil, nil
	}
	if o.held != nil {
		line := o.held
		o.held = nil
		return line, nil
	}
	line, err := o.lines.next()
	if err != nil || len(line) > 0 {
		return line, err
	}
	// A blank line: a line only if something follows it.
	blanks := 1
	for {
		line, err := o.lines.next()
		if err == io.EOF {
			return nil, io.EOF
		}
		if err != nil {
			return nil, err
		}
		if len(line) == 0 {
			blanks++
			continue
		}
		o.held = line // valid: the reader is not called again before it is returned
		o.blanks = blanks - 1
		return []byte{}, nil
	}
}

// caseReader reads the tests of a judge input of g back, one at a time,
// with their line numbers; the input must be well formed (the judge that
// reads it beside says what is wrong when it is not).
type caseReader struct {
	g solver.Game
	j *solver.JudgeReader
	c caseLine
}

// caseLine is one test as caseReader reads it; its text is valid until
// the next case is read (keep copies it).
type caseLine struct {
	text        []byte
	first       string
	number      int
	line        int
	size        int // the characters other than spaces
	firstOfLine []byte
}

func newCaseReader(g solver.Game, input []byte) *caseReader {
	return &caseReader{g: g, j: solver.NewJudgeReader(bytes.NewReader(input), false)}
}

// count reads the number of tests.
func (r *caseReader) count() (int, error) { return r.j.TestCount(1 << 30) }

// next reads test n of t.
func (r *caseReader) next(n, t int) (*caseLine, error) {
	line, err := r.j.Next(n, t, "the test")
	if err != nil {
		return nil, err
	}
	c := &r.c
	c.number, c.line = n, r.j.LineNo()
	if !r.g.NeedsFirst() {
		c.text, c.first = line, ""
		c.size = len(line) - bytes.Count(line, []byte{' '})
		return c, nil
	}
	fields := bytes.Fields(line)
	k, err := 0, error(nil)
	if len(fields) >= 2 {
		k, err = strconv.Atoi(string(fields[0]))
	}
	if len(fields) < 2 || err != nil || k < 0 {
		return nil, &solver.InputError{Field: r.j.Where(), Msg: "expected \"N S\""}
	}
	if !bytes.Equal(fields[1], c.firstOfLine) {
		c.firstOfLine = append(c.firstOfLine[:0], fields[1]...)
		c.first = string(fields[1])
	}
	c.text = c.text[:0]
	for i := 1; i <= k; i++ {
		s, err := r.j.Next(n, t, "a stack")
		if err != nil {
			return nil, err
		}
		if i > 1 {
			c.text = append(c.text, ' ')
		}
		c.text = append(c.text, s...)
	}
	c.size = len(c.text) - bytes.Count(c.text, []byte{' '})
	return c, nil
}

// keep returns the case as a Case that outlives the reader.
func (c *caseLine) keep() Case {
	return Case{Test: Test{Text: string(c.text), First: c.first}, Number: c.number, Line: c.line}
}

// Cases reads the tests of a judge input of g back, with their line
// numbers. The input must be well formed (Compare judges it first).
func Cases(g solver.Game, input []byte) ([]Case, error) {
	r := newCaseReader(g, input)
	t, err := r.count()
	if err != nil {
		return nil, err
	}
	out := make([]Case, 0, min(t, 1<<16))
	for n := 1; n <= t; n++ {
		c, err := r.next(n, t)
		if err != nil {
			return nil, err
		}
		out = append(out, c.keep())
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
