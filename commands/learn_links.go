package commands

import (
	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/learn"
)

// linkLessons returns steps with a link to the lesson that teaches each
// step's theorem appended to its body: a clickable /learn mention and
// the topic to pick. Steps that apply no theorem are left as they are.
func (r *Router) linkLessons(game string, steps []explain.Step) []explain.Step {
	out := make([]explain.Step, len(steps))
	for k, s := range steps {
		if t, ok := learn.ForStep(game, s.Title); ok {
			s.Body += "\n📘 Lesson: " + r.mention("learn", "") + " topic **" + t.Title + "**"
		}
		out[k] = s
	}
	return out
}
