package solver

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// JudgeReader reads a judge input line by line without copying: a line is
// a slice of the reader's buffer, valid until the next call. Lines longer
// than the buffer are gathered into a scratch buffer, so an input far
// beyond the contest limits (one 60 MB line) still works.
type JudgeReader struct {
	br      *bufio.Reader
	line    int
	scratch []byte
	// Strict enforces the original problem's limits.
	Strict bool
}

// judgeBufferSize is the read buffer: large enough that ordinary lines are
// returned straight from it, small enough to stay in cache.
const judgeBufferSize = 256 << 10

// NewJudgeReader reads judge input from r.
func NewJudgeReader(r io.Reader, strict bool) *JudgeReader {
	return &JudgeReader{br: bufio.NewReaderSize(r, judgeBufferSize), Strict: strict}
}

// LineNo returns the number of the line last read, counting from 1.
func (j *JudgeReader) LineNo() int { return j.line }

// Where returns "line N" for the line last read, for error messages.
func (j *JudgeReader) Where() string { return "line " + strconv.Itoa(j.line) }

// Line returns the next line with its line ending and surrounding blanks
// removed, or io.EOF when the input is exhausted.
func (j *JudgeReader) Line() ([]byte, error) {
	b, err := j.br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		j.scratch = append(j.scratch[:0], b...)
		for err == bufio.ErrBufferFull {
			b, err = j.br.ReadSlice('\n')
			j.scratch = append(j.scratch, b...)
		}
		b = j.scratch
	}
	if err != nil && err != io.EOF {
		return nil, err
	}
	if err == io.EOF && len(b) == 0 {
		return nil, io.EOF
	}
	j.line++
	if j.line == 1 {
		b = bytes.TrimPrefix(b, []byte(BOM))
	}
	return bytes.Trim(b, " \t\r\n"), nil
}

// BOM is the byte order mark some editors (Windows Notepad among them)
// write at the start of a UTF-8 file. It is not part of the text: judge
// input, a position file and a program's output are read without it.
const BOM = "\ufeff"

// TestCount reads the first line, the number of tests T. In strict mode T
// must lie in 1..max.
func (j *JudgeReader) TestCount(max int) (int, error) {
	line, err := j.Line()
	if err == io.EOF {
		return 0, Inputf("line 1", "the input is empty; it should start with the number of tests T")
	}
	if err != nil {
		return 0, err
	}
	t, err := strconv.Atoi(string(line))
	if err != nil || t < 0 {
		return 0, Inputf(j.Where(), "%q is not a number of tests; the first line holds T", Clip(line))
	}
	if j.Strict && (t < 1 || t > max) {
		return 0, Inputf(j.Where(), "T is %d; the contest allows 1 to %d", t, max)
	}
	return t, nil
}

// Next returns the next line of a test, with an error naming the test when
// the input ended early.
func (j *JudgeReader) Next(test, tests int, what string) ([]byte, error) {
	return j.NextNumbered(test, tests, what, 0)
}

// NextNumbered is Next for the i-th item called what ("stack 3"; what
// alone when i is 0), without formatting its name for every line.
func (j *JudgeReader) NextNumbered(test, tests int, what string, i int) ([]byte, error) {
	line, err := j.Line()
	if err == io.EOF {
		if i > 0 {
			what += " " + strconv.Itoa(i)
		}
		return nil, Inputf(fmt.Sprintf("line %d", j.line+1), "the input ended before %s of test %d of %d", what, test, tests)
	}
	return line, err
}

// Finish checks that nothing but blank lines follows the last test.
func (j *JudgeReader) Finish(tests int) error {
	for {
		line, err := j.Line()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if len(line) > 0 {
			return Inputf(j.Where(), "more input after the %s the first line announced", Count(tests, "test", "tests"))
		}
	}
}

// Clip shortens a line for an error message.
func Clip(b []byte) string {
	const max = 40
	if len(b) > max {
		return string(b[:max]) + "…"
	}
	return string(b)
}

// JudgeLines runs a judge whose tests are one line each: an empty line
// is refused with the message empty, and decide returns the answer for
// any other, or an error that JudgeLines places on the line.
func JudgeLines(j *JudgeReader, w *bufio.Writer, maxTests int, empty string, decide func(line []byte) (string, error)) error {
	t, err := j.TestCount(maxTests)
	if err != nil {
		return err
	}
	for test := 1; test <= t; test++ {
		line, err := j.Next(test, t, "the line")
		if err != nil {
			return err
		}
		if len(line) == 0 {
			return &InputError{Field: j.Where(), Msg: empty}
		}
		answer, err := decide(line)
		var ie *InputError
		if errors.As(err, &ie) { // an error about the position goes on its line
			return &InputError{Field: j.Where(), Msg: ie.Msg}
		}
		if err != nil {
			return err
		}
		w.WriteString(answer)
		w.WriteByte('\n')
	}
	return j.Finish(t)
}

// Judge reads judge input for g from r and writes the expected output to
// w. It stops reading once ctx is done, so a run ends with its request.
func Judge(ctx context.Context, g Game, r io.Reader, w io.Writer, strict bool) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	err := g.Judge(NewJudgeReader(&ctxReader{ctx: ctx, r: r}, strict), bw)
	return cmp.Or(err, bw.Flush())
}

// ctxReader stops reading once its context is done.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c *ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}
