package learn

// links says which lesson teaches the idea behind each step of package
// explain's explanations, by game and step title. Steps that apply no
// theorem (the rules, the verdict, finding the move) have no lesson. The
// short reply's "The rule here" links to the game's own lesson.
var links = map[string]map[string]string{
	"adapwns":   {"The gaps": "adapwns", "A staircase": "staircase", "Which gaps count": "staircase", "g mod 3": "grundy", "The XOR": "grundy", "The rule here": "adapwns"},
	"abgame":    {"Facing pairs": "abgame", "Reserve moves": "abgame", "Nim heaps": "nim", "The rule": "abgame", "The rule here": "abgame"},
	"binim2":    {"Merge the runs": "binim", "Stacks that cancel out": "binim", "Extra moves": "binim", "The misère rule": "binim", "The rule here": "binim"},
	"binim":     {"Each stack belongs to one player": "binim", "The rule": "binim", "The rule here": "binim"},
	"binstring": {"The 0s": "binstring", "Runs of 1s are Nim heaps": "nim", "Putting it together": "binstring", "The rule here": "binstring"},
}

// ForStep returns the lesson that teaches the idea of an explanation step
// of game titled title, or false when the step applies no theorem.
func ForStep(game, title string) (*Topic, bool) {
	id, ok := links[game][title]
	if !ok {
		return nil, false
	}
	t, err := Lookup(id)
	return t, err == nil
}
