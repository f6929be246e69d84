package learn

import "github.com/nimtutor/nimtutor/solver"

// Linker is the capability a game package adds to its solver.Game to link
// its explanation steps to lessons: which lesson (a Topic's ID) teaches
// the idea behind each step, by step title. Steps that apply no theorem
// (the rules, the verdict, finding the move) have no lesson; the short
// reply's "The rule here" links to the game's own lesson.
type Linker interface {
	LessonLinks() map[string]string
}

// linksOf returns the step links of the game called game, or nil.
func linksOf(game string) map[string]string {
	g, err := solver.Lookup(game)
	if err != nil {
		return nil
	}
	if l, ok := g.(Linker); ok {
		return l.LessonLinks()
	}
	return nil
}

// ForStep returns the lesson that teaches the idea of an explanation step
// of game titled title, or false when the step applies no theorem.
func ForStep(game, title string) (*Topic, bool) {
	id, ok := linksOf(game)[title]
	if !ok {
		return nil, false
	}
	t, err := Lookup(id)
	return t, err == nil
}
