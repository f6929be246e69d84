package check

import (
	"fmt"
	"strings"

	"github.com/nimtutor/nimtutor/explain"
)

// Headline says in one sentence how many answers are right.
func (r *Report) Headline() string {
	switch {
	case r.OK():
		return fmt.Sprintf("All %d answers are right.", r.Tests)
	case r.Tests == 0:
		return "The input has no tests."
	}
	return fmt.Sprintf("%d of %d answers are right.", r.Right, r.Tests)
}

// Where names the position of the failing case, for binim and binim2
// with the player to move: "`010 101` (Dee first)".
func (f *Failure) Where() string {
	pos := "`" + clipPosition(f.Text) + "`"
	if f.First != "" {
		pos += " (" + f.First + " first)"
	}
	return pos
}

// Sentence says which test failed and how: its number, input line,
// position, the expected answer and the program's.
func (f *Failure) Sentence() string {
	return fmt.Sprintf("Test %d (input line %d) %s: the answer is **%s**, your output line %d says **%s**.",
		f.Number, f.Line, f.Where(), f.Expected, f.OutputLine, f.Got)
}

// Lines are the report as sentences: the headline, the smallest failing
// case, and the malformed lines.
func (r *Report) Lines() []string {
	out := []string{r.Headline()}
	if r.Shift != nil {
		out = append(out, r.Shift.Sentence())
	}
	if r.Smallest != nil {
		out = append(out, fmt.Sprintf("%s. The smallest failing case: %s",
			explain.Plural(r.Wrong, "wrong answer", "wrong answers"), r.Smallest.Sentence()))
	}
	if r.Malformed > 0 {
		var b strings.Builder
		fmt.Fprintf(&b, "%s (an answer is %s):", explain.Plural(r.Malformed, "malformed output line", "malformed output lines"), strings.Join(r.Answers, ", "))
		for _, p := range r.Problems {
			b.WriteString("\n- " + p.String())
		}
		if r.Malformed > len(r.Problems) {
			fmt.Fprintf(&b, "\n- … and %d more", r.Malformed-len(r.Problems))
		}
		out = append(out, b.String())
	}
	return out
}

// clipPosition shortens a long position for a sentence.
func clipPosition(s string) string {
	const max = 120
	if len(s) > max {
		return s[:max] + fmt.Sprintf("… (%d characters)", len(s))
	}
	return s
}
