package learn

import "github.com/nimtutor/nimtutor/solver"

// Linker is a game's links to the lessons, which its package adds to its
// solver.Game: which lesson teaches the idea behind each step of its
// explanations, by step title. Steps that apply no theorem (the rules,
// the verdict, finding the move) have no lesson; the short reply's "The
// rule here" links to the game's own lesson.
type Linker interface {
	LessonLinks() map[string]string
}

// ForStep returns the lesson that teaches the idea of an explanation step
// of game titled title, or false when the step applies no theorem.
func ForStep(game, title string) (*Topic, bool) {
	g, err := solver.Lookup(game)
	if l, ok := g.(Linker); ok && err == nil {
		if id, ok := l.LessonLinks()[title]; ok {
			t, err := Lookup(id)
			return t, err == nil
		}
	}
	return nil, false
}

// ThemeLinker is a game's links to the lessons from the themes of its
// puzzles (explain.Themes), which its package adds to its solver.Game: the
// lesson that teaches each theme, by theme name.
type ThemeLinker interface {
	ThemeLessons() map[string]string
}

// ForTheme returns the lesson that teaches theme in game: the game's
// link for it, else the game's own lesson (the one with the game's name),
// or false when there is neither.
func ForTheme(game, theme string) (*Topic, bool) {
	g, err := solver.Lookup(game)
	if err != nil {
		return nil, false
	}
	if l, ok := g.(ThemeLinker); ok {
		if id, ok := l.ThemeLessons()[theme]; ok {
			t, err := Lookup(id)
			return t, err == nil
		}
	}
	t, err := Lookup(g.Name())
	return t, err == nil
}
