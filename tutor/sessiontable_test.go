package tutor

import (
	"testing"
	"time"

	"github.com/nimtutor/nimtutor/store"
)

// TestSessionTableRanksAnswerersFirst checks the table's order: right
// answers, then puzzles answered, then total time; a member who never
// answered ranks below one who answered wrong, though their time is 0 s.
func TestSessionTableRanksAnswerersFirst(t *testing.T) {
	answers := []store.SessionAnswer{
		{User: "wrong", Puzzle: 0, Correct: false, Elapsed: 40 * time.Second},
		{User: "right", Puzzle: 0, Correct: true, Elapsed: 50 * time.Second},
		{User: "fast", Puzzle: 0, Correct: false, Elapsed: 5 * time.Second},
	}
	got := sessionTable([]string{"silent", "wrong", "right", "fast", "silent2"}, answers)
	want := []struct {
		user string
		rank int
	}{{"right", 1}, {"fast", 2}, {"wrong", 3}, {"silent", 4}, {"silent2", 4}}
	if len(got) != len(want) {
		t.Fatalf("table has %d rows, want %d", len(got), len(want))
	}
	for k, w := range want {
		if got[k].User != w.user || got[k].Rank != w.rank {
			t.Errorf("row %d: %s ranked %d, want %s ranked %d", k, got[k].User, got[k].Rank, w.user, w.rank)
		}
	}
}
