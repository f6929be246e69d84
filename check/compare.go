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
	// The lines as codes, for the search for a shift once the count of
	// output lines is known.
	var dict dictionary
	wantCodes := codes{b: make([]byte, 0, (min(t, 1<<26)+1)/2)}
	gotCodes := codes{b: make([]byte, 0, (min(t, 1<<26)+maxShift+1)/2)}
	others := map[int]string{}
	codeOf := func(line []byte, n int) byte {
		c := dict.code(line, maxOutputTexts)
		if c == otherCode && len(others) < maxOtherTexts {
			others[n] = string(line[:min(len(line), maxCodedLen)])
		}
		return c
	}
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
			for _, a := range rep.Answers {
				dict.code([]byte(a), otherCode)
			}
		}
		rep.addAnswerBytes(expected)
		if c := dict.code(expected, otherCode); c != otherCode {
			wantCodes.add(c)
		} else {
			return nil, fmt.Errorf("check: the judge of %s gave more than %d different answers", g.Name(), otherCode)
		}
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
		gotCodes.add(codeOf(line, outputLine))
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
	lines := outputLine
	if !outputEnded {
		for {
			line, err := got.next()
			if err == io.EOF {
				break
			}
			if err != nil {
				return nil, fmt.Errorf("output: %w", err)
			}
			lines++
			if lines-t <= maxShift {
				gotCodes.add(codeOf(line, lines))
			}
		}
		if lines > t {
			extra := "this line is extra"
			if lines-t > 1 {
				extra = fmt.Sprintf("this line and the %s after it are extra", solver.Count(lines-t-1, "line", "lines"))
			}
			rep.problem(t+1, fmt.Sprintf("the output has %s but the input has only %s; %s",
				solver.Count(lines, "line", "lines"), solver.Count(t, "test", "tests"), extra))
		}
	}
	if d := t - lines; d != 0 && d <= maxShift && d >= -maxShift {
		if lineOf, shift := alignCodes(&wantCodes, &gotCodes, t, lines); shift != nil {
			text := func(line int) string {
				if c := gotCodes.at(line - 1); c != otherCode {
					return dict.texts[c]
				}
				return others[line]
			}
			return shifted(g, input, rep.Answers, &dict, &wantCodes, &gotCodes, lineOf, shift, lines, text)
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

// Lines kept as codes: texts of at most maxCodedLen bytes get a code of
// their own, up to otherCode of them (the judge's answers first, then at
// most maxOutputTexts with the output's other lines); every other line
// is otherCode, and the first maxOtherTexts such lines keep their text
// for the report.
const (
	otherCode      = 15
	maxOutputTexts = 12
	maxCodedLen    = 64
	maxOtherTexts  = 32
)

// codes are lines as small numbers, two to a byte: what the search for a
// shift reads, a megabyte per two million lines.
type codes struct {
	b []byte
	n int
}

func (c *codes) add(v byte) {
	if c.n%2 == 0 {
		c.b = append(c.b, v)
	} else {
		c.b[len(c.b)-1] |= v << 4
	}
	c.n++
}

func (c *codes) at(i int) byte {
	v := c.b[i/2]
	if i%2 == 1 {
		v >>= 4
	}
	return v & 0xf
}

// dictionary gives short texts their codes.
type dictionary struct{ texts []string }

// code returns line's code, giving it a new one while the dictionary has
// fewer than limit texts, and otherCode when it cannot.
func (d *dictionary) code(line []byte, limit int) byte {
	if len(line) > maxCodedLen {
		return otherCode
	}
	for k, t := range d.texts {
		if t == string(line) {
			return byte(k)
		}
	}
	if len(d.texts) >= min(limit, otherCode) {
		return otherCode
	}
	d.texts = append(d.texts, string(line))
	return byte(len(d.texts) - 1)
}

// alignCodes finds the shift of an output of m lines against n tests,
// as the doc of Shift says (up to maxShift lines missing or extra, the answers after some line agreeing with the tests clearly better shifted than not), from the lines' codes, in constant memory
// beyond them: the sums align keeps per test are running sums here.
// lineOf maps a test (from 0) to the output line (from 0) that answers
// it, -1 for a test whose line is missing.
func alignCodes(want, got *codes, n, m int) (lineOf func(int) int, shift *Shift) {
	d := n - m
	agreeAt := func(t, i int) int {
		if i >= 0 && i < m && got.at(i) == want.at(t) {
			return 1
		}
		return 0
	}
	startOf := func(k int) int {
		if d > 0 {
			return min(n, k+d)
		}
		return k
	}
	totalShifted, totalStraight := 0, 0
	for t := range n {
		totalShifted += agreeAt(t, t-d)
		totalStraight += agreeAt(t, t)
	}
	// plain is the agreements of tests < k read straight; shiftedBefore
	// those of tests < s read shifted, s = startOf(k).
	best, bestK, lastK := -1, 0, 0
	plain, shiftedBefore, s := 0, 0, 0
	for k := 0; k <= n; k++ {
		if k > 0 {
			plain += agreeAt(k-1, k-1)
		}
		for ; s < startOf(k); s++ {
			shiftedBefore += agreeAt(s, s-d)
		}
		switch v := plain + totalShifted - shiftedBefore; {
		case v > best:
			best, bestK, lastK = v, k, k
		case v == best && lastK == k-1:
			lastK = k
		}
	}
	start := startOf(bestK)
	plainBefore, shiftedBeforeStart := 0, 0
	for t := range start {
		plainBefore += agreeAt(t, t)
		shiftedBeforeStart += agreeAt(t, t-d)
	}
	tail := n - start
	shiftedWrong := tail - (totalShifted - shiftedBeforeStart)
	straightWrong := tail - (totalStraight - plainBefore)
	if tail < minShifted || shiftedWrong*5 > tail || straightWrong < 2*shiftedWrong+3 {
		return nil, nil
	}
	return func(t int) int {
		switch {
		case t < bestK:
			return t
		case d > 0 && t < start:
			return -1
		}
		return t - d
	}, &Shift{Line: bestK + 1, Last: lastK + 1, By: d}
}

// shifted is the report of an output whose answers shift: each test is
// compared with the line that answers it (lineOf), from the codes, and
// the tests are read back from input once more for the smallest failing
// one. text returns an output line's text (from 1) as far as it is kept.
func shifted(g solver.Game, input []byte, answers []string, dict *dictionary, want, got *codes, lineOf func(int) int, shift *Shift, lines int, text func(int) string) (*Report, error) {
	rep := &Report{Game: g, Answers: answers, Shift: shift}
	cases := newCaseReader(g, input)
	t, err := cases.count()
	if err != nil {
		return nil, fmt.Errorf("input: %w", err)
	}
	rep.Tests = t
	for k := range t {
		c, err := cases.next(k+1, t)
		if err != nil {
			return nil, fmt.Errorf("input: %w", err)
		}
		i := lineOf(k)
		if i >= lines {
			continue
		}
		if i < 0 { // the shift's missing line
			rep.problem(shift.Line, fmt.Sprintf("no line answers test %d: the answers shift here by %s", k+1, explain.Plural(shift.By, "line", "lines")))
			continue
		}
		w, gc := want.at(k), got.at(i)
		switch {
		case gc == w:
			rep.Right++
		case gc == otherCode || !slices.Contains(answers, dict.texts[gc]):
			rep.problem(i+1, unknownToken(text(i+1), answers))
		default:
			rep.Wrong++
			if rep.Smallest == nil || c.size < rep.Smallest.Size() {
				rep.Smallest = &Failure{Case: c.keep(), OutputLine: i + 1, Expected: dict.texts[w], Got: dict.texts[gc]}
			}
		}
	}
	if shift.By < 0 {
		for i := shift.Line - 1; i < shift.Line-1-shift.By; i++ {
			rep.problem(i+1, fmt.Sprintf("%q answers no test: the answers shift here by %s", solver.Clip([]byte(text(i+1))), explain.Plural(-shift.By, "line", "lines")))
		}
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
	// started is set once the first line is read: a byte order mark
	// before it is dropped.
	started bool
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
	if !o.started {
		o.started = true
		line = bytes.TrimPrefix(line, []byte(solver.BOM))
	}
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
