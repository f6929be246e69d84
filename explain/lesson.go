package explain

import (
	"context"
	"strconv"

	"github.com/nimtutor/nimtutor/solver"
)

// Cache keeps computed values by key. It must be safe for concurrent use
// and bounded; package bot provides one.
type Cache interface {
	Get(key string) (any, bool)
	Set(key string, value any)
}

// Lesson is what is computed once per canonical position: the full
// reasoning, the short reply, the rule behind it, the hint ladder and how
// long the game lasts, the same for every position with one Key.
type Lesson struct {
	Steps   []Step // the full reasoning (Explain)
	Summary []Step // the short reply without the move (Summary)
	Rule    []Step // the general rule behind it, for "Why?" (Rule)
	Hints   []Step
	// Distance is the Distance sentence, "" out of the search's reach.
	Distance string
}

// LessonFor returns the lesson of pos with options o from c, computing it
// with solve (which solves pos) only when c does not have it.
func LessonFor(ctx context.Context, c Cache, pos solver.Position, o Options, solve func() solver.Result) Lesson {
	key := "lesson:" + strconv.Itoa(o.MaxItems) + ":" + Key(pos)
	if v, ok := c.Get(key); ok {
		if l, ok := v.(Lesson); ok {
			return l
		}
	}
	r := solve()
	steps := Explain(r, o)
	l := Lesson{Steps: steps, Summary: Summary(ctx, r, o), Rule: ruleOf(r, steps), Hints: Hints(ctx, r, o), Distance: Distance(r)}
	// A lesson whose searches were cut short by ctx is answered but not
	// kept: the next asker gets the whole one.
	if ctx.Err() == nil {
		c.Set(key, l)
	}
	return l
}
