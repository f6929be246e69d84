package tutor

import (
	"context"
	"io"

	"github.com/nimtutor/nimtutor/check"
	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// TestFile returns /check's test file of g for seed, and remembers the
// seed as the last one handed to user for g, for a check that comes
// without one.
func (t *Tutor) TestFile(ctx context.Context, user string, g solver.Game, seed uint64) (*check.TestFile, error) {
	Step(ctx, "tutor", "TestFile")
	f, err := check.Generate(g, seed)
	if err != nil {
		return nil, err
	}
	t.rememberSeed(user, g.Name(), seed)
	return f, nil
}

// LastSeed returns the seed of the test file of g last handed to user.
func (t *Tutor) LastSeed(user string, g solver.Game) (uint64, bool) {
	return t.lastSeed(user, g.Name())
}

// Checked is a program's output checked against the truth: the report
// and, when an answer is wrong, the smallest failing case solved and
// explained (Explained false when it is too large to explain here).
type Checked struct {
	Report    *check.Report
	Explained bool
	Result    solver.Result
	Steps     []explain.Step
}

// Check compares output with the right answers to input, which is a
// test file of g, and explains the smallest failing case. A malformed
// input is a *fault.Error (EInvalid) that names its line.
func (t *Tutor) Check(ctx context.Context, g solver.Game, input, output []byte) (Checked, error) {
	Step(ctx, "tutor", "Check")
	rep, err := check.Compare(ctx, g, input, output)
	if err != nil {
		return Checked{}, err
	}
	c := Checked{Report: rep}
	if rep.Smallest != nil {
		res, steps, err := check.Explain(ctx, g, rep.Smallest, Detail)
		c.Explained, c.Result, c.Steps = err == nil, res, steps
	}
	return c, nil
}

// Judge writes to w the judge's answers to the tests read from r, in g's
// judge format; strict enforces the contest's limits. A malformed input
// is a *fault.Error (EInvalid) that names its line.
func (t *Tutor) Judge(ctx context.Context, g solver.Game, r io.Reader, w io.Writer, strict bool) error {
	Step(ctx, "tutor", "Judge")
	return solver.Judge(ctx, g, r, w, strict)
}
